/// One whole HTTP response carrying a page: small, self-contained HTML5.
///
/// Everything dynamic is escaped. The headers keep the page out of caches
/// (`no-store`), forbid every external resource (the Content-Security-Policy
/// allows only the inline style), and send no `Referer` onwards, so the
/// callback's address, which held the code, goes nowhere else.
enum HTMLPage {
    /// The response for `page` with `status` (`200 OK`, `404 Not Found`…).
    static func response(_ status: String, _ page: PageText.Page, text: PageText) -> [UInt8] {
        whole(status, [], page, text: text)
    }

    /// A `303 See Other` to `location`, with a short page for a browser
    /// that does not follow it; kept out of caches and history's referrers too.
    static func redirect(to location: String, _ page: PageText.Page, text: PageText) -> [UInt8] {
        whole("303 See Other", ["Location: \(location)"], page, text: text)
    }

    private static func whole(_ status: String, _ fields: [String], _ page: PageText.Page, text: PageText)
        -> [UInt8]
    {
        let body = Array(html(page, text: text).utf8)
        let head =
            (["HTTP/1.1 \(status)"] + fields + [
                "Content-Type: text/html; charset=utf-8", "Content-Length: \(body.count)",
                "Cache-Control: no-store",
                "Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'",
                "Referrer-Policy: no-referrer", "X-Content-Type-Options: nosniff", "Connection: close",
            ]).joined(separator: "\r\n") + "\r\n\r\n"
        return Array(head.utf8) + body
    }

    static func html(_ page: PageText.Page, text: PageText) -> String {
        let accent =
            switch page.tone {
            case .success: "#007AFF"
            case .failure: "#FF3B30"
            case .neutral: "#6e6e73"
            }
        let paragraphs = page.paragraphs.map { "<p>\(escaped($0))</p>" }.joined(separator: "\n")
        return """
            <!doctype html>
            <html lang="\(text.japanese ? "ja" : "en")">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escaped(page.title)) – \(escaped(text.app))</title>
            <style>
            body{font:16px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d1d1f;background:#f5f5f7}
            main{max-width:34em;margin:12vh auto;padding:2em;background:#fff;border-radius:12px;border-top:6px solid \(accent)}
            h1{font-size:1.4em;margin:0 0 .6em;color:\(accent)}
            p{margin:.6em 0;overflow-wrap:anywhere}
            small{color:#6e6e73}
            </style>
            </head>
            <body>
            <main>
            <h1>\(escaped(page.title))</h1>
            \(paragraphs)
            <p><small>\(escaped(text.app))</small></p>
            </main>
            </body>
            </html>

            """
    }

    /// The characters HTML gives meaning to, and their character references.
    private static let references: [Character: String] = [
        "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;",
    ]

    /// `text` with `&`, `<`, `>`, `"` and `'` as character references.
    static func escaped(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text {
            if let reference = references[character] {
                output += reference
            } else {
                output.append(character)
            }
        }
        return output
    }
}
