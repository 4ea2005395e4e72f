import RosterCore

/// The page's one style sheet and one script, and the Content Security Policy that allows exactly
/// them (by their SHA-256) and nothing else: no request of any kind, no other script, no inline
/// style or event handler.
enum OrgPageAssets {
    static let style = """
        body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:72rem;\
        padding:1rem 1.5rem;color:#1d2330;background:#fff}
        h1{font-size:1.6rem;margin:.2rem 0}h2{font-size:1.25rem;margin:2rem 0 .6rem;border-bottom:1px solid #d7dbe3}
        h3{font-size:1.05rem;margin:1.4rem 0 .3rem}p.meta{color:#5b6477;margin:.2rem 0 .6rem}
        nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.3rem .9rem}a{color:#1f5fbf}
        table{border-collapse:collapse;width:100%;font-size:.93rem}th,td{text-align:left;padding:.25rem .5rem;\
        border-bottom:1px solid #eceef3;vertical-align:top}th{color:#5b6477;font-weight:600}
        td.over{color:#a3261b;font-weight:600}details summary{cursor:pointer}details ul{margin:.3rem 0 .3rem 1.1rem;\
        padding:0;color:#3d4556}.charts{display:flex;flex-wrap:wrap;gap:1.5rem}figure{margin:0}
        figcaption{color:#5b6477;font-size:.9rem}svg text{font-size:9px;fill:#5b6477}.bar{fill:#4a7bd0}
        .bar.left{fill:#d0674a}.bar.promoted{fill:#4aa37a}ol.days{padding-left:1.2rem}ol.days li{margin:.3rem 0}
        #search{position:sticky;top:0;background:#fff;padding:.5rem 0;border-bottom:1px solid #d7dbe3}
        #search input{font:inherit;padding:.3rem .5rem;width:18rem;max-width:70%}#found{color:#5b6477;margin-left:.6rem}
        .mix{vertical-align:middle;margin-left:.4rem}.l0{fill:#9cc3e6}.l1{fill:#5d9bd6}.l2{fill:#2f6fb5}\
        .l3{fill:#1f4e8a}.l4{fill:#13315a}.l5{fill:#888}
        @media print{#search,nav{display:none}details>ul{display:block}h2{break-after:avoid}\
        section.team{break-inside:avoid}}
        """

    static let script = """
        (function () {
          "use strict";
          var input = document.getElementById("q");
          var found = document.getElementById("found");
          var rows = Array.prototype.slice.call(document.querySelectorAll("tr[data-key]"));
          var groups = Array.prototype.slice.call(document.querySelectorAll("[data-group]"));
          function key(text) { return text.normalize("NFC").toLowerCase().replace(/\\s+/g, " ").trim(); }
          function filter() {
            var q = key(input.value), shown = 0;
            rows.forEach(function (row) {
              var hit = q === "" || row.getAttribute("data-key").indexOf(q) >= 0;
              row.hidden = !hit;
              if (hit) { shown += 1; }
            });
            groups.forEach(function (group) {
              group.hidden = q !== "" && group.querySelector("tr[data-key]:not([hidden])") === null;
            });
            found.textContent = q === "" ? "" : shown + (shown === 1 ? " person" : " people") + " found";
          }
          var asked = /^#q=(.*)$/.exec(location.hash);
          if (asked) {
            try { input.value = decodeURIComponent(asked[1]); } catch (e) { input.value = ""; }
          }
          document.getElementById("search").hidden = false;
          input.addEventListener("input", filter);
          filter();
          console.log("roster page ready in " + Math.round(performance.now()) + " ms");
        })();
        """

    /// `default-src 'none'` and the two hashes: nothing loads, only this style and this script run.
    static let policy =
        "default-src 'none'; style-src '\(hash(style))'; script-src '\(hash(script))'; base-uri 'none'; "
        + "form-action 'none'"

    /// `sha256-BASE64` of `text`, as a CSP hash source.
    static func hash(_ text: String) -> String {
        var hasher = SHA256()
        hasher.update(text)
        let hex = Array(hasher.hexDigest().utf8)
        var bytes: [UInt8] = []
        for i in stride(from: 0, to: hex.count, by: 2) {
            bytes.append(UInt8(nibble(hex[i]) << 4 | nibble(hex[i + 1])))
        }
        return "sha256-" + base64(bytes)
    }

    static func nibble(_ c: UInt8) -> UInt8 { c >= 0x61 ? c - 0x61 + 10 : c - 0x30 }

    static func base64(_ bytes: [UInt8]) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out = ""
        for i in stride(from: 0, to: bytes.count, by: 3) {
            let chunk = bytes[i..<min(i + 3, bytes.count)]
            let n = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for j in 0..<4 { out.append(j <= chunk.count ? table[(n >> (18 - 6 * j)) & 63] : "=") }
        }
        return out
    }
}
