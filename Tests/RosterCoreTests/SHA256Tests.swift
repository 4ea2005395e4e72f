import Testing

@testable import RosterCore

/// The hand-written SHA-256 against the examples of FIPS 180-4 (NIST's published test vectors),
/// and input fed in pieces across block boundaries.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrs"
                + "mnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func publishedVectors(_ input: String, _ digest: String) {
        #expect(SHA256.hex(input) == digest)
    }

    @Test func aMillionAs() {
        var hasher = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(chunk) }
        #expect(hasher.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func piecesGiveTheDigestOfTheWhole() {
        let text = String(repeating: "roster ", count: 100)
        var hasher = SHA256()
        for piece in stride(from: 0, to: text.utf8.count, by: 37) {
            hasher.update(Array(text.utf8).dropFirst(piece).prefix(37))
        }
        #expect(hasher.hexDigest() == SHA256.hex(text))
    }
}
