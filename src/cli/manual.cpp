#include "manual.hpp"

#include <set>

#include "commands.hpp"
#include "flag_table.hpp"
#include "registry.hpp"
#include "xcount/engines.hpp"
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

const std::pair<const char*, const char*> kExamples[] = {
    {"xcount count polyomino --pieces pentominoes --board 6x10 --expect 9356",
     "count the 6x10 pentomino tilings and check the published total (9,356; 2,339 up to symmetry)"},
    {"xcount count queens --n 18 --checkpoint q18.journal", "a count that survives a kill: run it again and it resumes"},
    {"xcount status q18.journal", "how far that count has got, running or not"},
    {"xcount count polyomino --pieces domino --board 16x16 --copies any", "a count far beyond enumeration, by merging equal states"},
    {"xcount export queens --n 8 --out q8.dlx", "write a model in Knuth's DLX format; xcount count q8.dlx counts it back"},
    {"xcount count queens --n 16 --shard 3/8 --out part3.txt", "one share of a count; xcount merge part*.txt sums the eight"},
    {"mpirun -np 4 xcount count queens --n 17 --mpi", "one count over MPI ranks"},
    {"xcount verify", "every quick job: the published count against the one found"},
};

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
    m += ".SH EXAMPLES\n";
    for (const auto& [command, what] : kExamples) m += ".TP\n.B " + roff(command) + "\n" + roff(what) + "\n";
    m += ".SH FILES\n"
         ".TP\n.I share/xcount/pieces, share/xcount/boards\nthe shipped piece and board files, found by name (\\-\\-pieces "
         "pentominoes): a line 'piece NAME' starts a piece, then rows of X (a cell) and . (none), a line + the next layer up; a "
         "board is rows of X, '.' a hole; '#' starts a comment (docs/models.md).\n"
         ".TP\n.I share/xcount/jobs\none job file per published count (INI: the flags' long names as keys, plus problem, expect, "
         "expect\\-distinct, source and cost), which verify runs; jobs/slurm holds the Slurm scripts.\n"
         ".TP\n.I JOURNAL\nthe \\-\\-checkpoint file: a header (the run's fingerprint, split depth, subproblems, its shard), then a "
         "line per finished or stopped subproblem, each with a check; appended and fsync'ed as the count goes.\n"
         ".TP\n.I SHARD FILE\nthe \\-\\-out file of \\-\\-shard I/K: the fingerprint, the ids counted, the sums and Fix(g), with a "
         "check over every byte; merge sums them.\n"
         ".TP\n.I DLX FILE\nKnuth's format: a line of items (primary | secondary), then a line per option (item or item:colour); "
         "DLX3's u:v|item for multiplicities; '|' starts a comment line.\n"
         ".TP\n.I bin/xcount\\-mpi\nthe MPI build's ranks, which xcount \\-\\-mpi hands over to (installed where MPI was found).\n";
    m += ".SH SEE ALSO\n.BR mpirun (1),\n.BR sbatch (1).\nKnuth's DLX1, DLX2, DLX3 and DLX6 (The Art of Computer Programming, "
         "Volume 4B, section 7.2.2.1), whose file format xcount reads and writes. The README and docs/ of the source tree: the "
         "models, clusters, the memo engine, benchmarks and big runs.\n";
    return m;
}

std::string bash_completion() {
    std::string commands;
    for (const auto& [name, summary] : command_summaries()) commands += (commands.empty() ? "" : " ") + name;
    std::string names, flags_by_model;
    for (const Model& model : models()) {
        names += (names.empty() ? "" : " ") + model.name;
        const boost::program_options::options_description declared = model_flags(model);
        std::string list;
        for (const auto& option : declared.options()) list += (list.empty() ? "" : " ") + option->canonical_display_name(1);
        flags_by_model += "        " + model.name + ") flags+=\" " + list + "\" ;;\n";
    }
    std::string engines = "auto";
    for (const EngineInfo& engine : kEngines) engines += " " + std::string(engine.word);
    std::string s = "# bash completion for xcount " + std::string(kVersion) + " (generated from its flag table)\n";
    s += "_xcount() {\n    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} command=${COMP_WORDS[1]} flags\n";
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
    // The commands that take a PROBLEM: a model's name, then its flags, or a DLX file.
    s += "    case $command in count|solve|show|estimate|export) ;; *) COMPREPLY=($(compgen -f -- \"$cur\")); "
         "[[ $cur == -* ]] && COMPREPLY=($(compgen -W \"$flags\" -- \"$cur\")); return ;; esac\n";
    s += "    case ${COMP_WORDS[2]} in\n" + flags_by_model + "    esac\n";
    s += "    case $prev in\n"
         "        --engine) COMPREPLY=($(compgen -W \"" +
         engines +
         "\" -- \"$cur\")); return ;;\n"
         "        --choose) COMPREPLY=($(compgen -W \"auto mrv first scan max random mrv-random\" -- \"$cur\")); return ;;\n"
         "        --symmetry) COMPREPLY=($(compgen -W \"auto none check reduce\" -- \"$cur\")); return ;;\n"
         "        --color) COMPREPLY=($(compgen -W \"never auto always\" -- \"$cur\")); return ;;\n"
         // The shipped pieces and boards by name, as the xcount on the PATH finds them.
         "        --pieces|--board) local kind=${prev#--} names\n"
         "            names=$(xcount --shipped-names \"${kind%s}s\" 2>/dev/null)\n"
         "            COMPREPLY=($(compgen -W \"$names\" -- \"$cur\") $(compgen -f -- \"$cur\")); return ;;\n"
         "    esac\n";
    s += "    if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"$flags\" -- \"$cur\")); return; fi\n";
    s += "    if ((COMP_CWORD == 2)); then COMPREPLY=($(compgen -W \"" + names + "\" -- \"$cur\") $(compgen -f -- \"$cur\")); return; fi\n";
    s += "    COMPREPLY=($(compgen -f -- \"$cur\"))\n}\ncomplete -F _xcount xcount\n";
    return s;
}

}  // namespace xcount::cli
