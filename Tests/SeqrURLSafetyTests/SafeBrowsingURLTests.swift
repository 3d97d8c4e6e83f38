import Foundation
import SeqrURLSafety
import Testing

/// Canonicalisation and lookup expressions against published vectors: Google's Safe Browsing v4
/// "URLs and Hashing" page (canonicalisation and suffix/prefix examples) and the test tables of
/// Google's Go client (github.com/google/safebrowsing, urls_test.go), copied as data only.
@Suite("Safe Browsing URLs")
struct SafeBrowsingURLTests {
    /// The spec's canonicalisation tests, input → canonical URL.
    static let specVectors: [(String, String)] = [
        ("http://host/%25%32%35", "http://host/%25"),
        ("http://host/%25%32%35%25%32%35", "http://host/%25%25"),
        ("http://host/%2525252525252525", "http://host/%25"),
        ("http://host/asdf%25%32%35asd", "http://host/asdf%25asd"),
        ("http://host/%%%25%32%35asd%%", "http://host/%25%25%25asd%25%25"),
        ("http://www.google.com/", "http://www.google.com/"),
        ("http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/", "http://168.188.99.26/.secure/www.ebay.com/"),
        ("http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
         "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/"),
        ("http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B", "http://host%23.com/~a!b@c%23d$e%25f^00&11*22(33)44_55+"),
        ("http://3279880203/blah", "http://195.127.0.11/blah"),
        ("http://www.google.com/blah/..", "http://www.google.com/"),
        ("www.google.com/", "http://www.google.com/"),
        ("www.google.com", "http://www.google.com/"),
        ("http://www.evil.com/blah#frag", "http://www.evil.com/blah"),
        ("http://www.GOOgle.com/", "http://www.google.com/"),
        ("http://www.google.com.../", "http://www.google.com/"),
        ("http://www.google.com/foo\tbar\rbaz\n2", "http://www.google.com/foobarbaz2"),
        ("http://www.google.com/q?", "http://www.google.com/q?"),
        ("http://www.google.com/q?r?", "http://www.google.com/q?r?"),
        ("http://www.google.com/q?r?s", "http://www.google.com/q?r?s"),
        ("http://evil.com/foo#bar#baz", "http://evil.com/foo"),
        ("http://evil.com/foo;", "http://evil.com/foo;"),
        ("http://evil.com/foo?bar;", "http://evil.com/foo?bar;"),
        ("http://notrailingslash.com", "http://notrailingslash.com/"),
        ("http://www.gotaport.com:1234/", "http://www.gotaport.com/"),
        ("  http://www.google.com/  ", "http://www.google.com/"),
        ("http:// leadingspace.com/", "http://%20leadingspace.com/"),
        ("http://%20leadingspace.com/", "http://%20leadingspace.com/"),
        ("%20leadingspace.com/", "http://%20leadingspace.com/"),
        ("https://www.securesite.com/", "https://www.securesite.com/"),
        ("http://host.com/ab%23cd", "http://host.com/ab%23cd"),
        ("http://host.com//twoslashes?more//slashes", "http://host.com/twoslashes?more//slashes"),
    ]

    @Test("the spec's canonicalisation vectors", arguments: specVectors)
    func canonical(input: String, expected: String) throws {
        #expect(try SafeBrowsingURL(parsing: input).canonical == expected)
    }

    @Test("raw bytes that are not UTF-8 are escaped byte for byte (the spec's http://\\x01\\x80.com/)")
    func rawBytes() throws {
        #expect(try SafeBrowsingURL(parsing: Array("http://".utf8) + [0x01, 0x80] + Array(".com/".utf8)).canonical == "http://%01%80.com/")
    }

    /// From the Go client's canonicalisation and host tables, where they agree with the spec.
    static let goVectors: [(String, String)] = [
        ("http://www.\u{FC}mlat.com/", "http://www.xn--mlat-zra.com/"),
        ("http://[2001:470:1:18::114]/", "http://[2001:470:1:18::114]/"),
        ("http%3A%2F%2Fwackyurl.com:80/", "http://wackyurl.com/"),
        ("http://W!eird<>Ho$^.com/", "http://w!eird<>ho$^.com/"),
        ("http://i.have.way.too.many.dots.com/", "http://i.have.way.too.many.dots.com/"),
        ("http://google.com.:8080/foo.html", "http://google.com/foo.html"),
        ("http://google...com/foo.html", "http://google.com/foo.html"),
        ("http://..google.com/foo.html", "http://google.com/foo.html"),
        ("http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html", "http://[fedc:ba98:7654:3210:fedc:ba98:7654:3210]/index.html"),
        ("http://0x12.0x43.0x44.0x01", "http://18.67.68.1/"),
        ("http://a.com/foo/.././bar/./../foo.html", "http://a.com/foo.html"),
        ("http://a.com//a//b///c////", "http://a.com/a/b/c/"),
    ]

    @Test("the Go client's vectors: IDN to punycode, IPv6, escaped scheme, ports, dots, paths", arguments: goVectors)
    func goClient(input: String, expected: String) throws {
        #expect(try SafeBrowsingURL(parsing: input).canonical == expected)
    }

    /// Hosts in the legal IPv4 spellings (Go client's table; its lenient "276.2.3" and trailing-junk
    /// cases are not legal encodings and are left out), and look-alikes that are names.
    @Test("IPv4 addresses in any legal encoding become four decimals; look-alikes stay names", arguments: [
        ("255.0.0.1", "255.0.0.1"), ("12.0x12.01234", "12.18.2.156"), ("012.034.01.055", "10.28.1.45"),
        ("0x12.0x43.0x44.0x01", "18.67.68.1"), ("167838211", "10.1.2.3"), ("3279880203", "195.127.0.11"),
        ("4294967295", "255.255.255.255"), ("123.123.0.0.1", "123.123.0.0.1"), ("1.2.3.00x0", "1.2.3.00x0"),
        ("4294967296", "4294967296"), ("1.256.0.1", "1.256.0.1"),
    ])
    func ipAddresses(host: String, expected: String) throws {
        #expect(try SafeBrowsingURL(parsing: "http://\(host)/").host == expected)
    }

    @Test("no host, no lookup: empty, relative, opaque schemes", arguments: [
        "", ":", "/blah", "#ref", "/blah#ref", "?query#ref", "/blah?query#ref", "/blah;param", "http://#ref", "http:///blah#ref",
        "http://?query#ref", "http:///blah?query#ref", "http:///blah;param", "http:///blah;param?query#ref", "mailto:bryner@google.com",
    ])
    func noHost(input: String) {
        #expect(throws: URLSafetyError.notAWebURL) { try SafeBrowsingURL(parsing: input) }
    }

    /// The spec's suffix/prefix examples, then the Go client's pattern table where it keeps to the
    /// spec's five hosts (its nine-component hosts yield seven, against the spec).
    static let expressionVectors: [(String, [String])] = [
        ("http://a.b.c/1/2.html?param=1", ["a.b.c/1/2.html?param=1", "a.b.c/1/2.html", "a.b.c/", "a.b.c/1/", "b.c/1/2.html?param=1", "b.c/1/2.html", "b.c/", "b.c/1/"]),
        ("http://a.b.c.d.e.f.g/1.html", ["a.b.c.d.e.f.g/1.html", "a.b.c.d.e.f.g/", "c.d.e.f.g/1.html", "c.d.e.f.g/", "d.e.f.g/1.html", "d.e.f.g/",
                                          "e.f.g/1.html", "e.f.g/", "f.g/1.html", "f.g/"]),
        ("http://1.2.3.4/1/", ["1.2.3.4/1/", "1.2.3.4/"]),
        ("http://a.b.c/1/2.html?param=1/2", ["a.b.c/1/2.html?param=1/2", "a.b.c/1/2.html", "a.b.c/1/", "a.b.c/", "b.c/1/2.html?param=1/2", "b.c/1/2.html", "b.c/1/", "b.c/"]),
        ("http://a.b.c/1/2/3/4/5/", ["a.b.c/1/2/3/4/5/", "a.b.c/1/2/3/", "a.b.c/1/2/", "a.b.c/1/", "a.b.c/", "b.c/1/2/3/4/5/", "b.c/1/2/3/", "b.c/1/2/", "b.c/1/", "b.c/"]),
        ("http://a.b.c.d.e/1.html", ["a.b.c.d.e/1.html", "a.b.c.d.e/", "b.c.d.e/1.html", "b.c.d.e/", "c.d.e/1.html", "c.d.e/", "d.e/1.html", "d.e/"]),
        ("http://b.c/1/2/3.html?param=1/2", ["b.c/1/2/3.html?param=1/2", "b.c/1/2/3.html", "b.c/1/2/", "b.c/1/", "b.c/"]),
        ("http://a.b/?", ["a.b/"]),
        ("http://[2001:470:1:18::114]/a/b", ["[2001:470:1:18::114]/a/b", "[2001:470:1:18::114]/a/", "[2001:470:1:18::114]/"]),
        ("http://1.2.3.4/a/b", ["1.2.3.4/a/b", "1.2.3.4/a/", "1.2.3.4/"]),
        ("http://a.b/", ["a.b/"]),
        ("http://b/", ["b/"]),
        ("http://a.com/a/b/c/d/e.html?123", ["a.com/a/b/c/d/e.html?123", "a.com/a/b/c/d/e.html", "a.com/", "a.com/a/", "a.com/a/b/", "a.com/a/b/c/"]),
    ]

    @Test("host suffixes × path prefixes: the spec's examples and the Go client's table", arguments: expressionVectors)
    func expressions(input: String, expected: [String]) throws {
        let expressions = try SafeBrowsingURL(parsing: input).expressions
        #expect(expressions.sorted() == expected.sorted())
        #expect(expressions.count == Set(expressions).count)
    }

    @Test("at most 5 hosts × 6 paths, whatever the URL")
    func bounded() throws {
        let url = try SafeBrowsingURL(parsing: "http://a.b.c.d.e.f.g.h.i.j/1/2/3/4/5/6/7.html?q=1")
        #expect(url.hostSuffixes == ["a.b.c.d.e.f.g.h.i.j", "f.g.h.i.j", "g.h.i.j", "h.i.j", "i.j"])
        #expect(url.pathPrefixes == ["/1/2/3/4/5/6/7.html?q=1", "/1/2/3/4/5/6/7.html", "/", "/1/", "/1/2/", "/1/2/3/"])
        #expect(url.expressions.count == 30)
    }
}
