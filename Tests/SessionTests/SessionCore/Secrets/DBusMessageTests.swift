import Foundation
import SessionSystem
import Testing

@testable import SessionCore

/// The D-Bus reader against messages recorded from dbus-daemon and
/// gnome-keyring (little- and big-endian), and against what it must refuse.
@Suite struct DBusMessageTests {
    static let folder = Bundle.module.url(forResource: "dbus", withExtension: nil, subdirectory: "Fixtures")

    static var recorded: [String] {
        guard let folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".bin") && !$0.hasPrefix("sasl-") && !$0.hasPrefix("refused-") }
            .sorted()
    }

    func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: try #require(Self.folder).appendingPathComponent(name)))
    }

    /// Every recorded message reads, and written again (little-endian) reads the same.
    @Test(arguments: recorded)
    func everyRecordedMessageReadsAndWritesBackTheSame(name: String) throws {
        let message = try DBusMessage.decode(try bytes(name))
        let again = try DBusMessage.decode(try message.encoded(serial: message.serial))
        var expected = message
        expected.flags = message.flags
        expected.sender = nil  // set by the bus, never written by a client
        var read = again
        read.sender = nil
        #expect(read == expected)
    }

    @Test func aReplyToGetSecretsHoldsTheSecret() throws {
        let reply = try DBusMessage.decode(try bytes("get-secrets-reply.bin"))
        #expect(reply.kind == .methodReturn && reply.replySerial == 10)
        let entry = try #require(reply.body.first?.elements?.first)
        guard case .dictEntry(.objectPath(let item), .structure(let secret)) = entry else {
            Issue.record("not a{o(oayays)}")
            return
        }
        #expect(item == "/org/freedesktop/secrets/collection/login/1")
        #expect(secret[2].byteArray == Array("fixture-secret-1".utf8))
        #expect(secret[3] == .string("text/plain"))
        let bigEndian = try DBusMessage.decode(try bytes("be-get-secrets-reply.bin"))
        #expect(bigEndian.body == reply.body)
    }

    @Test func errorsAndSignalsReadTheirNames() throws {
        let error = try DBusMessage.decode(try bytes("error-service-unknown-secrets.bin"))
        #expect(error.kind == .error && error.errorName == "org.freedesktop.DBus.Error.ServiceUnknown")
        let signal = try DBusMessage.decode(try bytes("prompt-completed-signal-dismissed.bin"))
        #expect(
            signal.kind == .signal && signal.member == "Completed"
                && signal.interface == "org.freedesktop.Secret.Prompt")
        #expect(signal.body.first == .boolean(true))
        let locked = try DBusMessage.decode(try bytes("search-items-reply-one-locked.bin"))
        #expect(
            locked.body.count == 2 && locked.body[0].elements == [] && locked.body[1].elements?.count == 1)
    }

    /// Bytes the bus could send that are not a message: refused with a reason, never a crash.
    @Test func whatIsNotAMessageIsRefused() throws {
        let hello = try bytes("hello-reply.bin")
        var cut = hello
        cut.removeLast()
        var badPadding = hello
        badPadding[77] = 1  // the padding between the header fields and the body
        var badBoolean = try bytes("prompt-completed-signal-dismissed.bin")
        let booleanAt = badBoolean.count - 12
        badBoolean[booleanAt] = 2
        var huge = hello
        huge[4] = 0xFF
        huge[5] = 0xFF
        huge[6] = 0xFF
        huge[7] = 0x7F
        var noNul = hello
        noNul[noNul.count - 1] = 0x41
        // Found by the fuzz target: a reply holding `ah`, Unix file descriptors, read as numbers it could not write back.
        let descriptors = try bytes("refused-unix-fd-array.bin")
        for (bytes, what) in [
            (descriptors, "an array of Unix file descriptors"),
            (cut, "cut short"), (badPadding, "non-zero padding"), (badBoolean, "a boolean of 2"),
            (huge, "2 GiB"),
            (noNul, "a string without its NUL"),
            ([0x6C, 0x02, 0x01, 0x02] + Array(hello.dropFirst(4)), "version 2"),
        ] {
            #expect(throws: DBusMessage.Malformed.self, "\(what)") { try DBusMessage.decode(bytes) }
        }
    }

    @Test func signaturesAreCheckedAndSplit() throws {
        #expect(try DBusSignature.completeTypes("sa{sv}(oayays)v") == ["s", "a{sv}", "(oayays)", "v"])
        for bad in ["(", "()", "{ss}", "a{vs}", "a", "z", String(repeating: "a", count: 70) + "y"] {
            #expect(throws: DBusMessage.Malformed.self, "\(bad)") { try DBusSignature.completeTypes(bad) }
        }
    }
}
