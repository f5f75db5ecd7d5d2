import Foundation
import SessionCore
import SessionNetworking
import Testing

/// Which proxy a request goes through: curl's variables and `NO_PROXY`
/// forms, and loopback never, whatever the variables say.
@Suite struct ProxyRulesTests {
    func proxy(_ url: String, _ environment: [String: String]) -> String? {
        guard let url = URL(string: url) else { return "not a URL" }
        return ProxyRules(.environment, environment: NetworkEnvironment(environment)).proxy(for: url)
    }

    func proxy(_ settings: ProxySettings, _ url: String) -> String? {
        guard let url = URL(string: url) else { return "not a URL" }
        return ProxyRules(settings, environment: NetworkEnvironment(["HTTPS_PROXY": "http://env:1"])).proxy(
            for: url)
    }

    @Test func eachSchemeHasItsVariableAndALLPROXYIsTheFallback() {
        let p = "http://proxy.corp:3128"
        #expect(proxy("https://api.corp.test/x", ["HTTPS_PROXY": p]) == p)
        #expect(proxy("https://api.corp.test/x", ["https_proxy": p, "HTTPS_PROXY": "http://other:1"]) == p)
        #expect(proxy("http://api.corp.test/x", ["http_proxy": p]) == p)
        // HTTP_PROXY is not read: a CGI program gets it from a request's Proxy header.
        #expect(proxy("http://api.corp.test/x", ["HTTP_PROXY": p]) == nil)
        #expect(proxy("http://api.corp.test/x", ["ALL_PROXY": p]) == p)
        #expect(proxy("https://api.corp.test/x", ["all_proxy": p, "ALL_PROXY": "http://other:1"]) == p)
        #expect(proxy("https://api.corp.test/x", ["http_proxy": p]) == nil)
        #expect(proxy("https://api.corp.test/x", ["HTTPS_PROXY": ""]) == nil, "empty is unset")
    }

    @Test func loopbackIsNeverProxied() {
        let all = ["http_proxy": "http://p:1", "HTTPS_PROXY": "http://p:1", "ALL_PROXY": "http://p:1"]
        for url in [
            "http://127.0.0.1:8080/x", "http://127.9.8.7/x", "http://localhost:1/x", "http://LOCALHOST./x",
            "https://app.localhost/x", "http://[::1]:8080/x", "http://[::ffff:127.0.0.1]/x",
        ] {
            #expect(proxy(url, all) == nil, "\(url)")
        }
        #expect(proxy("http://128.0.0.1/x", all) != nil)
        #expect(proxy("http://[::2]/x", all) != nil)
        #expect(proxy("http://localhost.example.com/x", all) != nil)
    }

    @Test func noProxyTakesNamesSuffixesAddressesAndRanges() {
        func direct(_ url: String, _ list: String) -> Bool {
            proxy(url, ["ALL_PROXY": "http://p:1", "NO_PROXY": list]) == nil
        }
        #expect(direct("https://api.corp.test/", "api.corp.test"))
        #expect(direct("https://API.Corp.Test/", "api.corp.test"))
        #expect(direct("https://a.api.corp.test/", "api.corp.test"))
        #expect(!direct("https://xapi.corp.test/", "api.corp.test"))
        #expect(direct("https://api.corp.test/", ".corp.test"))
        #expect(direct("https://api.corp.test/", "example.com, corp.test"))
        #expect(direct("https://api.corp.test/", "example.com corp.test"))
        #expect(direct("https://10.1.2.3/", "10.1.2.3"))
        #expect(!direct("https://10.1.2.4/", "10.1.2.3"))
        #expect(direct("https://10.1.2.4/", "10.0.0.0/8"))
        #expect(!direct("https://11.1.2.4/", "10.0.0.0/8"))
        #expect(direct("https://192.168.1.200/", "192.168.1.128/25"))
        #expect(!direct("https://192.168.1.100/", "192.168.1.128/25"))
        #expect(direct("https://[fd00::5]/", "fd00::/8"))
        #expect(!direct("https://[fe00::5]/", "fd00::/8"))
        #expect(direct("https://anything.example/", "*"))
        // An address is never matched against a name, nor a name against an address: nothing is resolved.
        #expect(!direct("https://10.1.2.3/", "corp.test"))
        #expect(!direct("https://api.corp.test/", "10.0.0.0/8"))
        // Nonsense entries match nothing.
        #expect(!direct("https://10.1.2.3/", "10.0.0.0/99, /8, ."))
        #expect(!direct("https://api.corp.test/", ""))
        let both = ["ALL_PROXY": "http://p:1", "no_proxy": "corp.test", "NO_PROXY": "x"]
        #expect(proxy("https://a.corp.test/", both) == nil, "no_proxy is read first")
    }

    @Test func givenSettingsNeedNoEnvironment() {
        let url = "https://api.corp.test/"
        #expect(proxy(.environment, url) == "http://env:1")
        #expect(proxy(.none, url) == nil)
        #expect(proxy(.url("socks5h://s:1080"), url) == "socks5h://s:1080")
        #expect(proxy(.url("socks5h://s:1080", noProxy: ".corp.test"), url) == nil)
        #expect(proxy(.url("http://p:1"), "http://127.0.0.1/") == nil)
    }

    @Test func aProxyIsShownWithoutItsCredentials() {
        #expect(ProxyAddress.redacted("http://user:s3cret@proxy.corp:3128") == "http://proxy.corp:3128")
        #expect(ProxyAddress.redacted("socks5h://u:p@w@s:1080/") == "socks5h://s:1080/")
        #expect(ProxyAddress.redacted("user:s3cret@proxy:3128") == "proxy:3128")
        #expect(ProxyAddress.redacted("http://proxy:3128") == "http://proxy:3128")
        let settings = ProxySettings.url("http://u:s3cret@p:1", noProxy: "x")
        #expect(settings.description == "http://p:1 (not for x)")
        #expect(!String(describing: ConnectionSettings(proxy: settings)).contains("s3cret"))
        #expect(!String(reflecting: settings).contains("s3cret"))
    }
}
