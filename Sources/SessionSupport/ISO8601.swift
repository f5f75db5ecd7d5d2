#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// Dates as the session file and the CLI show them: `YYYY-MM-DDTHH:MM:SSZ`.
///
/// Reading accepts optional fractional seconds and a `±HH:MM` offset too.
/// Foundation's ISO 8601 format style builds a Gregorian calendar on first
/// use, 1.4M instructions at the CLI's start (callgrind); this does the
/// arithmetic directly. Tests check both directions against Foundation.
package enum ISO8601 {
    /// `YYYY-MM-DDTHH:MM:SSZ` in UTC, the fraction of a second dropped.
    package static func string(from date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let inDay = seconds - days * 86400
        let (year, month, day) = civil(daysSince1970: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let paddedYear = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return
            "\(paddedYear)-\(two(month))-\(two(day))T\(two(inDay / 3600)):\(two(inDay % 3600 / 60)):\(two(inDay % 60))Z"
    }

    package static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8(date(from:))
    }

    /// Read from the bytes in place: the session file has a date or two
    /// for each of up to a thousand sessions.
    package static func date(from bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var index = 0

        func number(_ width: Int) -> Int? {
            guard index + width <= bytes.count else { return nil }
            var value = 0
            for offset in index..<index + width {
                let digit = bytes[offset] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            index += width
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        guard let year = number(4), skip(UInt8(ascii: "-")), let month = number(2), skip(UInt8(ascii: "-")),
            let day = number(2), skip(UInt8(ascii: "T")), let hour = number(2), skip(UInt8(ascii: ":")),
            let minute = number(2), skip(UInt8(ascii: ":")), let second = number(2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var fraction = 0.0
        if skip(UInt8(ascii: ".")) {
            var scale = 0.1
            let start = index
            while index < bytes.count, let digit = number(1) {
                fraction += Double(digit) * scale
                scale /= 10
            }
            guard index > start else { return nil }
        }
        var offset = 0
        if skip(UInt8(ascii: "Z")) {
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
        {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = number(2), skip(UInt8(ascii: ":")), let minutes = number(2), hours < 24,
                minutes < 60
            else {
                return nil
            }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let seconds =
            daysSince1970(year: year, month: month, day: day) * 86400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds - offset) + fraction)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The date `days` after 1970-01-01 in the proleptic Gregorian calendar
    /// (Howard Hinnant's civil-from-days).
    private static func civil(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days from 1970-01-01 to the date in the proleptic Gregorian calendar
    /// (Howard Hinnant's days-from-civil).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }
}
