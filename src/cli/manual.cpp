#include "manual.hpp"

#include <set>

#include "commands.hpp"
#include "flag_table.hpp"
#include "registry.hpp"
#include "xcount/version.hpp"

namespace xcount::cli {

namespace {

struct Scoped {
    const char* name;
    unsigned scope;
};
constexpr Scoped kScopes[] = {{"count", kCount}, {"solve", kSolve},   {"show", kShow},         {"estimate", kEstimate}, {"export", kExport},
                              {"merge", kMerge}, {"verify", kVerify}, {"generate", kGenerate}, {"status", kStatus},     {"run", kCount}};

std::string long_name(const Flag& f) {
    const std::string name = f.name;
    return name.substr(0, name.find(','));
}

// troff: a backslash and a leading dot or quote would be read as requests.
std::string roff(const std::string& text) {
    std::string out;
    for (char c : text) out += c == '\\' ? std::string("\\e") : c == '-' ? std::string("\\-") : std::string(1, c);
    if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out = "\\&" + out;
    return out;
}

}  // namespace

std::string man_page() {
    std::string m = ".TH XCOUNT 1 \"\" \"xcount " + std::string(kVersion) + "\" \"User Commands\"\n";
    m += ".SH NAME\nxcount \\- count every solution of an exact\\-cover problem, and check it against the published count\n";
    m += ".SH SYNOPSIS\n.B xcount\n.I COMMAND PROBLEM\n.RI [ OPTIONS ]\n";
    m += ".SH DESCRIPTION\nxcount counts all solutions of exact\\-cover problems (Knuth's DLX format, or a built\\-in model) with "
         "dancing links and its faster relatives, split into subproblems solved on threads, MPI ranks or Slurm job arrays, "
         "checked against the symmetry group, and resumable from a checkpoint journal. PROBLEM is a DLX file, \\- for "
         "standard input, a job file (.ini), or a model.\n";
    m += ".SH COMMANDS\n";
    for (const auto& [name, summary] : command_summaries()) m += ".TP\n.B " + roff(name) + "\n" + roff(summary) + "\n";
    m += ".SH MODELS\n";
    for (const Model& model : models()) m += ".TP\n.B " + roff(model.name) + "\n" + roff(model.summary) + "\n";
    m += ".PP\nEach model's own flags: xcount count MODEL \\-\\-help.\n";
    for (const auto& [name, scope] : kScopes) {
        if (std::string(name) == "run") continue;
        m += ".SH OPTIONS OF " + std::string(name == std::string("count") ? "COUNT (AND RUN, A JOB FILE'S KEYS)" : name) + "\n";
        for (const Flag& f : flag_table()) {
            if ((f.scopes & scope) == 0) continue;
            m += ".TP\n.B \\-\\-" + roff(long_name(f)) + (f.type == FlagType::toggle ? "" : " \\fI" + roff(f.value_name) + "\\fR") + "\n";
            m += roff(f.help) + (f.fallback && *f.fallback ? " (default: " + roff(f.fallback) + ")" : "") + "\n";
        }
    }
    m += ".SH EXIT STATUS\n0 done; 1 a count differs from the expected one (or no total could be had); 2 bad input, one line on "
         "stderr naming what was wrong; 3 stopped before the end (a limit or a signal), the result labelled partial.\n";
    m += ".SH FILES\n.I share/xcount/pieces, share/xcount/boards\nthe shipped piece and board files, found by name (\\-\\-pieces "
         "pentominoes).\n";
    return m;
}

std::string bash_completion() {
    std::string commands;
    for (const auto& [name, summary] : command_summaries()) commands += (commands.empty() ? "" : " ") + name;
    std::string names;
    for (const Model& model : models()) names += (names.empty() ? "" : " ") + model.name;
    std::string s = "# bash completion for xcount " + std::string(kVersion) + " (generated from its flag table)\n";
    s += "_xcount() {\n    local cur=${COMP_WORDS[COMP_CWORD]} command=${COMP_WORDS[1]} flags\n";
    s += "    if ((COMP_CWORD == 1)); then COMPREPLY=($(compgen -W \"" + commands + " --help --version\" -- \"$cur\")); return; fi\n";
    s += "    case $command in\n";
    for (const auto& [name, scope] : kScopes) {
        std::set<std::string> names;
        for (const Flag& f : flag_table())
            if ((f.scopes & scope) != 0) names.insert("--" + long_name(f));
        std::string list;
        for (const std::string& n : names) list += (list.empty() ? "" : " ") + n;
        s += "        " + std::string(name) + ") flags=\"" + list + "\" ;;\n";
    }
    s += "    esac\n";
    s += "    if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"$flags\" -- \"$cur\")); return; fi\n";
    s += "    if ((COMP_CWORD == 2)); then COMPREPLY=($(compgen -W \"" + names + "\" -- \"$cur\") $(compgen -f -- \"$cur\")); return; fi\n";
    s += "    COMPREPLY=($(compgen -f -- \"$cur\"))\n}\ncomplete -F _xcount xcount\n";
    return s;
}

}  // namespace xcount::cli
