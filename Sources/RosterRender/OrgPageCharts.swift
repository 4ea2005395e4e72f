import RosterModel

/// The organisation over time as inline SVG bar charts (headcount, joiners and leavers per month,
/// promotions per quarter), and a team's level mix as one stacked bar. Numbers and labels are all
/// the charts hold; each has a text alternative.
enum OrgPageCharts {
    static func section(_ page: OrgPage) -> String {
        guard let months = page.months, !months.isEmpty else {
            return "<section id=\"over-time\">\n<h2>Over time</h2>\n<p class=\"meta\">No history: the roster "
                + "files are not in a git repository (or this page was made from the live space alone).</p>\n"
                + "</section>\n"
        }
        var quarters: [(String, Int)] = []
        for month in months {
            let q = "\(month.month.prefix(4)) Q\(((Int(month.month.suffix(2)) ?? 1) - 1) / 3 + 1)"
            if quarters.last?.0 == q {
                quarters[quarters.count - 1].1 += month.promoted
            } else {
                quarters.append((q, month.promoted))
            }
        }
        let labels = months.map(\.month)
        return "<section id=\"over-time\">\n<h2>Over time</h2>\n<div class=\"charts\">\n"
            + figure("Headcount at the end of each month", labels, months.map(\.headcount), "bar")
            + figure("Joined each month", labels, months.map(\.joined), "bar")
            + figure("Left each month", labels, months.map(\.left), "bar left")
            + figure("Promotions each quarter", quarters.map(\.0), quarters.map(\.1), "bar promoted")
            + "</div>\n</section>\n"
    }

    /// A bar chart of `values`, labelled by `labels`, under a caption that also says the numbers.
    static func figure(_ caption: String, _ labels: [String], _ values: [Int], _ style: String) -> String {
        // Wide bars for a few months, narrow ones for years of them; a label where it has room.
        let width = max(8, min(36, 480 / max(values.count, 1))), height = 100, top = max(values.max() ?? 0, 1)
        let total = width * values.count
        var bars = ""
        for (i, value) in values.enumerated() {
            let h = value * height / top
            bars += "<rect class=\"\(style)\" x=\"\(i * width + 2)\" y=\"\(height - h + 12)\" width=\"\(width - 4)\" "
            bars += "height=\"\(h)\"><title>\(HTMLText.escape(labels[i])): \(value)</title></rect>"
            if width >= 14 {
                bars +=
                    "<text x=\"\(i * width + width / 2)\" y=\"\(height - h + 10)\" text-anchor=\"middle\">"
                    + "\(value)</text>"
            }
        }
        let every = max(1, (46 + width - 1) / width)
        for i in stride(from: 0, to: labels.count, by: every) {
            bars += "<text x=\"\(i * width)\" y=\"\(height + 24)\">\(HTMLText.escape(labels[i]))</text>"
        }
        let said = zip(labels, values).map { "\($0) \($1)" }.joined(separator: ", ")
        return "<figure><svg role=\"img\" width=\"\(max(total, 120))\" height=\"\(height + 30)\" "
            + "viewBox=\"0 0 \(max(total, 120)) \(height + 30)\" "
            + "aria-label=\"\(HTMLText.escape(caption + ": " + said))\">"
            + bars + "</svg><figcaption>\(HTMLText.escape(caption))</figcaption></figure>\n"
    }

    /// A team's levels as one stacked bar, each level its own shade.
    static func mix(_ levels: [(value: String, count: Int)]) -> String {
        let total = max(levels.reduce(0) { $0 + $1.count }, 1)
        var x = 0, rects = ""
        for (value, count) in levels {
            let w = count * 100 / total
            let shade = JobLevel.allCases.firstIndex { $0.rawValue == value } ?? 5
            rects += "<rect class=\"l\(min(shade, 5))\" x=\"\(x)\" y=\"0\" width=\"\(w)\" height=\"6\">"
            rects += "<title>\(HTMLText.escape(value)): \(count)</title></rect>"
            x += w
        }
        return "<svg class=\"mix\" role=\"img\" width=\"120\" height=\"10\" viewBox=\"0 0 100 6\" "
            + "preserveAspectRatio=\"none\" aria-label=\"levels\">" + rects + "</svg>"
    }
}
