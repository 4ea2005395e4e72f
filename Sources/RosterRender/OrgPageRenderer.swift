import RosterCore
import RosterModel

/// `roster report site`: the organisation as one self-contained HTML page (``OrgPage``). Nothing
/// loads when it is opened (no script, style, font or image from anywhere: a Content Security
/// Policy forbids it); charts are inline SVG; a little plain JavaScript adds a search, and every
/// part reads without it and prints. Every name and field is escaped for where it stands, and no
/// data is ever placed in a script, an event handler or a URL.
package enum OrgPageRenderer {
    package static func html(_ page: OrgPage) -> String {
        var out = head(page)
        out += "<body>\n" + header(page) + navigation(page)
        out += OrgPageCharts.section(page) + scheduled(page)
        out += "<section id=\"teams\">\n<h2>Teams</h2>\n"
        for (t, team) in page.teams.enumerated() { out += self.team(t, team, page) }
        out += "</section>\n" + noTeam(page)
        out += "<script>" + OrgPageAssets.script + "</script>\n</body>\n</html>\n"
        return out
    }

    static func head(_ page: OrgPage) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(OrgPageAssets.policy)">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="roster">
        <title>\(HTMLText.escape("The organisation of \(page.title) on \(page.asOf)"))</title>
        <style>\(OrgPageAssets.style)</style>
        </head>

        """
    }

    static func header(_ page: OrgPage) -> String {
        let people = page.people.count, teams = page.teams.count
        return """
            <header>
            <h1>\(HTMLText.escape("The organisation of \(page.title)"))</h1>
            <p class="meta">\(plural(people, "person", "people")) in \(plural(teams, "team", "teams")), \
            \(page.inNoTeam.count) in no team; as of \(page.asOf). Written by roster.</p>
            <div id="search" hidden><label>Find a person <input id="q" type="search" autocomplete="off"></label>\
            <span id="found"></span></div>
            </header>

            """
    }

    static func navigation(_ page: OrgPage) -> String {
        guard !page.teams.isEmpty else { return "" }
        let links = page.teams.enumerated().map { t, team in
            "<li><a href=\"#t-\(t)\">\(HTMLText.name(team.name))</a></li>"
        }
        return "<nav><ul>" + links.joined()
            + (page.inNoTeam.isEmpty ? "" : "<li><a href=\"#no-team\">In no team</a></li>")
            + "</ul></nav>\n"
    }

    static func team(_ t: Int, _ team: OrgPage.Team, _ page: OrgPage) -> String {
        let lead = page.people[team.lead]
        let levels = team.levels.map { "\($0.value) \($0.count)" }.joined(separator: ", ")
        var out = "<section class=\"team\" id=\"t-\(t)\" data-group>\n<h3>\(HTMLText.name(team.name))</h3>\n"
        out +=
            "<p class=\"meta\">Lead \(HTMLText.name(lead.name)) · "
            + plural(team.members.count + 1, "person", "people")
        out += " · leads \(plural(team.span, "person", "people")) across teams · levels: \(HTMLText.escape(levels))"
        out += OrgPageCharts.mix(team.levels) + "</p>\n" + table([team.lead] + team.members, page, lead: team.lead)
        return out + "</section>\n"
    }

    static func noTeam(_ page: OrgPage) -> String {
        guard !page.inNoTeam.isEmpty else { return "" }
        return "<section id=\"no-team\" data-group>\n<h2>In no team</h2>\n" + table(page.inNoTeam, page, lead: nil)
            + "</section>\n"
    }

    static func table(_ people: [Int], _ page: OrgPage, lead: Int?) -> String {
        var out = "<table>\n<thead><tr><th>Name</th><th>Role</th><th>Level</th><th>Craft</th><th>Focus</th>"
        out += "<th>Time in level</th></tr></thead>\n<tbody>\n"
        for p in people {
            let person = page.people[p]
            let role = lead == nil ? "" : p == lead ? "Lead" : "Member"
            out += "<tr data-key=\"\(HTMLText.escape(NameKey(person.name).value.lowercased()))\">"
            out += "<td>\(OrgPageText.who(person))</td><td>\(role)</td><td>\(person.level.rawValue)</td>"
            out += "<td>\(person.craft.rawValue)</td><td>\(person.focus.rawValue)</td>"
            out += (person.isOver ? "<td class=\"over\">" : "<td>") + OrgPageText.timeInLevel(person, page.asOf)
            out += "</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    static func scheduled(_ page: OrgPage) -> String {
        guard !page.scheduled.isEmpty else { return "" }
        var out = "<section id=\"scheduled\">\n<h2>Scheduled</h2>\n<ol class=\"days\">\n"
        var days: [(Day, [OrgPage.Dated])] = []
        for item in page.scheduled {
            if days.last?.0 == item.day { days[days.count - 1].1.append(item) } else { days.append((item.day, [item])) }
        }
        for (day, items) in days {
            let said = items.map { HTMLText.name($0.name) + " " + HTMLText.escape(OrgPageText.words($0.event)) }
            out += "<li><strong>\(day)</strong>: " + said.joined(separator: "; ") + "</li>\n"
        }
        return out + "</ol>\n</section>\n"
    }

    static func plural(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
}
