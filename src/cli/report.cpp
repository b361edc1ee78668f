#include "report.hpp"

#include <cctype>
#include <chrono>
#include <cstdio>
#include <ctime>

#include "svg.hpp"
#include "xcount/version.hpp"

namespace xcount::cli {

namespace {

constexpr const char* kStyle = R"(
body { font-family: "DejaVu Sans", sans-serif; margin: 1em; color: #222; }
h1 { font-size: 1.4em; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { border: 1px solid #bbb; padding: 0.3em 0.4em; vertical-align: top; text-align: left; overflow-wrap: anywhere; }
th { background: #eee; font-size: 0.9em; overflow-wrap: normal; }
td.number { text-align: right; font-family: "DejaVu Sans Mono", monospace; font-size: 0.85em; overflow-wrap: normal; }
td.number .g { white-space: nowrap; }
td.number wbr + .g { margin-left: 0.25em; }
td.ok { background: #d9f2d9; } td.fail { background: #f8d0d0; font-weight: bold; }
.description { color: #555; font-size: 0.85em; }
details { font-size: 0.8em; color: #555; }
.parameters { font-family: "DejaVu Sans Mono", monospace; white-space: pre-wrap; margin: 0.2em 0; }
td.source { color: #555; font-size: 0.8em; }
td.picture svg { max-width: 100%; height: auto; }
.note { color: #777; font-size: 0.85em; }
)";

// A run of digits in groups of three from the right, each group a span that the cell's style
// keeps whole and sets apart: a long count wraps between groups, never inside one, and copies
// as plain digits.
std::string digit_groups(const std::string& digits) {
    std::string html;
    const std::size_t first = digits.size() % 3 == 0 ? 3 : digits.size() % 3;
    for (std::size_t at = 0; at < digits.size(); at = at == 0 ? first : at + 3)
        html += (at ? "<wbr>" : "") + std::string("<span class=\"g\">") + digits.substr(at, at == 0 ? first : 3) + "</span>";
    return html;
}

// A cell's text with every number in digit groups, and a break allowed after a slash
// ("expected/found").
std::string number_html(const std::string& text) {
    std::string html;
    for (std::size_t at = 0; at < text.size();) {
        std::size_t end = at;
        while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
        if (end > at) {
            html += digit_groups(text.substr(at, end - at));
            at = end;
        } else {
            html += xml_escape(std::string(1, text[at])) + (text[at] == '/' ? "<wbr>" : "");
            ++at;
        }
    }
    return html;
}

std::string cell(const std::string& cls, const std::string& html) { return "<td class=\"" + cls + "\">" + html + "</td>"; }

std::string row(const VerifiedJob& job) {
    std::string parameters;
    for (const auto& [key, value] : job.parameters) parameters += xml_escape(key + " = " + value) + "\n";
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.2f", job.seconds);
    const bool ok = job.status == "ok";
    return "<tr class=\"job\" data-job=\"" + xml_escape(job.name) + "\" data-status=\"" + xml_escape(job.status) + "\">" +
           cell("name", "<b>" + xml_escape(job.name) + "</b><div class=\"description\">" + xml_escape(job.description) +
                            "</div><details><summary>parameters</summary><div class=\"parameters\">" + parameters + "</div></details>") +
           cell("expected number", number_html(job.expected)) +
           cell("found number", number_html(job.partial ? "partial " + job.found : job.found)) +
           cell("distinct number", number_html(job.distinct)) + cell("source", xml_escape(job.source)) + cell("seconds number", seconds) +
           cell("updates number", std::to_string(job.updates)) + cell(ok ? "status ok" : "status fail", xml_escape(job.status)) +
           cell("picture", job.picture.empty() ? "<span class=\"note\">" + xml_escape(job.picture_note) + "</span>" : job.picture) +
           "</tr>\n";
}

std::string now_text() {
    const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    char buf[64];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", std::gmtime(&t));
    return buf;
}

}  // namespace

std::string html_report(const std::vector<VerifiedJob>& jobs, const std::string& folder, int skipped) {
    int failed = 0;
    for (const VerifiedJob& job : jobs) failed += job.status == "ok" ? 0 : 1;
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>xcount verify: " + xml_escape(folder) +
                      "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n";
    out += "<h1>xcount verify " + xml_escape(folder) + "</h1>\n";
    out += "<p id=\"summary\" data-jobs=\"" + std::to_string(jobs.size()) + "\" data-failed=\"" + std::to_string(failed) + "\">" +
           std::to_string(jobs.size()) + " jobs, " + std::to_string(jobs.size() - static_cast<std::size_t>(failed)) + " ok, " +
           std::to_string(failed) + " failed" +
           (skipped ? ", " + std::to_string(skipped) + " long jobs skipped (verify --all runs them)" : "") + ". xcount " + kVersion + ", " +
           now_text() + ".</p>\n";
    out +=
        "<table>\n<colgroup><col style=\"width: 16%\"><col style=\"width: 12%\"><col style=\"width: 12%\"><col style=\"width: 7%\">"
        "<col style=\"width: 11%\"><col style=\"width: 6%\"><col style=\"width: 8%\"><col style=\"width: 5%\"><col style=\"width: 23%\">"
        "</colgroup>\n<thead><tr><th>job</th><th>expected</th><th>found</th><th>distinct expected/ found</th><th>source</th>"
        "<th>seconds</th><th>updates</th><th>status</th><th>first solution</th></tr></thead>\n<tbody>\n";
    for (const VerifiedJob& job : jobs) out += row(job);
    out += "</tbody>\n</table>\n</body>\n</html>\n";
    return out;
}

}  // namespace xcount::cli
