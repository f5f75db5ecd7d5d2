// swift-tools-version: 6.0
// A package outside Session's repository that depends on it by path, as an
// app would: `Tests/ConsumerPackage/check.sh` copies it to a temporary folder
// and runs it with SESSION_PACKAGE_PATH set to the repository.
import Foundation
import PackageDescription

let session = ProcessInfo.processInfo.environment["SESSION_PACKAGE_PATH"] ?? "../../.."
// A path dependency is known by its folder's name.
let identity = URL(fileURLWithPath: session).standardizedFileURL.lastPathComponent

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: session)],
    targets: [
        .executableTarget(name: "consumer", dependencies: [.product(name: "Session", package: identity)])
    ],
    swiftLanguageModes: [.v6]
)
