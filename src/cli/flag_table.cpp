#include "flag_table.hpp"

#include <array>
#include <cstdio>
#include <limits>
#include <set>
#include <utility>
#include <stdexcept>

#include "memory.hpp"
#include "settings.hpp"
#include "xcount/error.hpp"
#include "xcount/shard.hpp"

namespace po = boost::program_options;

namespace xcount::cli {

namespace {

using T = FlagType;
using V = po::variable_value;
constexpr unsigned kModelCommands = kCount | kSolve | kShow | kEstimate | kExport;  // those that build a problem
constexpr unsigned kEveryCommand = kModelCommands | kMerge | kVerify | kGenerate | kStatus;
constexpr long long kNone = 0;

// The rows' own checks of a value, each naming its flag.

// The value of a flag that takes one of a few words: "--NAME must be A, B or C, not 'x'".
template <class Words>
auto one_of(const std::string& text, const char* flag, const Words& words) {
    for (const auto& [word, value] : words)
        if (text == word) return value;
    const std::size_t n = std::size(words);
    std::string list;
    for (std::size_t k = 0; k < n; ++k) list += (k == 0 ? "" : k + 1 == n ? " or " : ", ") + std::string(words[k].first);
    throw InputError("--" + std::string(flag) + " must be " + list + ", not " + quote_name(text));
}

EngineKind engine_word(const std::string& text) {
    static constexpr auto kWords = [] {
        std::array<std::pair<const char*, EngineKind>, std::size(kEngines) + 1> words{{{"auto", EngineKind::automatic}}};
        for (std::size_t k = 0; k < std::size(kEngines); ++k) words[k + 1] = {kEngines[k].word, kEngines[k].kind};
        return words;
    }();
    return one_of(text, "engine", kWords);
}

ChooseRule choose_word(const std::string& text) {
    static constexpr std::pair<const char*, ChooseRule> kWords[] = {{"mrv", ChooseRule::mrv},       {"first", ChooseRule::first},
                                                                    {"scan", ChooseRule::scan},     {"max", ChooseRule::max},
                                                                    {"random", ChooseRule::random}, {"mrv-random", ChooseRule::mrv_random}};
    return one_of(text, "choose", kWords);
}

bool on_off_word(const std::string& text, const char* flag) {
    static constexpr std::pair<const char*, bool> kWords[] = {{"on", true}, {"off", false}};
    return one_of(text, flag, kWords);
}

SymmetryMode symmetry_word(const std::string& text) {
    static constexpr std::pair<const char*, SymmetryMode> kWords[] = {
        {"auto", SymmetryMode::automatic},
        {"none", SymmetryMode::none},
        {"check", SymmetryMode::check},
        {"reduce", SymmetryMode::reduce},
        {"full", SymmetryMode::none}};  // full: counted apart, by classes (Settings::full_group)
    return one_of(text, "symmetry", kWords);
}

ColourMode colour_word(const std::string& text) {
    static constexpr std::pair<const char*, ColourMode> kWords[] = {
        {"never", ColourMode::never}, {"auto", ColourMode::automatic}, {"always", ColourMode::always}};
    return one_of(text, "color", kWords);
}

std::optional<int> split_depth_text(const std::string& text) {
    if (text == "auto") return std::nullopt;
    const auto parsed = parse_count(text);
    if (!parsed || *parsed > kMaxSplitDepth)
        throw InputError("--split-depth must be auto or between 0 and " + std::to_string(kMaxSplitDepth) + ", not " + quote_name(text));
    return static_cast<int>(*parsed->to_u64());
}

Count count_text(const std::string& flag, const std::string& text) {
    const auto value = parse_count(text);
    if (!value) throw InputError("--" + flag + " must be a non-negative decimal count, not " + quote_name(text));
    return *value;
}

std::uint64_t node_limit_text(const std::string& text) {
    const Count nodes = count_text("node-limit", text);
    if (nodes == 0 || nodes > std::numeric_limits<std::uint64_t>::max())
        throw InputError("--node-limit must be between 1 and 2^64-1, not " + to_string(nodes));
    return *nodes.to_u64();
}

std::uint64_t probes_text(const std::string& text) {
    const auto probes = parse_count(text);
    if (!probes || *probes < 1 || *probes > 1000000000) throw InputError("--probes must be between 1 and 10^9");
    return *probes->to_u64();
}

double time_limit_value(double seconds) {
    if (!(seconds > 0) || seconds > 1e9) {
        char given[32];
        std::snprintf(given, sizeof given, "%g", seconds);
        throw InputError(std::string("--time-limit must be a number of seconds above 0 and at most 1e9, not ") + given);
    }
    return seconds;
}

double progress_interval_value(double seconds) {
    if (!(seconds >= 0.25 && seconds <= 1e6)) throw InputError("--progress-interval must be between 0.25 and 1e6 seconds");
    return seconds;
}

std::string file_name_text(const std::string& flag, const std::string& text) {
    if (text.empty()) throw InputError("--" + flag + " needs a file name");
    return text;
}

// The engines' own lines (engines.hpp's list), then auto's, whose rules docs/flags.md gives.
#define XCOUNT_ENGINE_HELP(name, unit, help, ...) #name ": " help "; "
constexpr const char* kEngineHelp = XCOUNT_ENGINES(XCOUNT_ENGINE_HELP)
    "auto: the engine and rule that pay on this matrix, decided once per count (docs/flags.md, \"which engine auto takes\"); "
    "multiplicities (lo:hi|item): dlx and auto search them as written (Knuth's Algorithm M), the others the exact-cover expansion";
#undef XCOUNT_ENGINE_HELP

// clang-format off
constexpr Flag kFlags[] = {
    {"help,h", T::toggle, "", nullptr, kNone, kNone, "show this help", kEveryCommand, [](Settings& s, const V&) { s.help = true; }},
    {"threads,t", T::integer, "N", "0", 0, 4096, "OpenMP threads (0: all cores; at most 4096)", kCount | kVerify, [](Settings& s, const V& v) { s.run.threads = static_cast<int>(v.as<long long>()); }},
    {"threads,t", T::integer, "N", "0", 0, 4096, "threads the time estimate is for (0: all cores; at most 4096)", kEstimate, [](Settings& s, const V& v) { s.run.threads = static_cast<int>(v.as<long long>()); }},
    {"split-depth", T::text, "D", "auto", kNone, kNone, "cut the search tree at this depth into subproblems (0..64; auto: from the work)", kCount | kSolve, [](Settings& s, const V& v) { s.plan.depth = split_depth_text(v.as<std::string>()); }},
    {"checkpoint", T::text, "FILE", nullptr, kNone, kNone, "journal of the work done: a stopped run given the same file resumes", kCount, [](Settings& s, const V& v) { s.checkpoint = v.as<std::string>(); }},
    {"expect", T::text, "N", nullptr, kNone, kNone, "the expected total (a published count): exit 1 if it differs", kCount | kMerge, [](Settings& s, const V& v) { s.expect = count_text("expect", v.as<std::string>()); }},
    {"by-piece", T::text, "NAME", nullptr, kNone, kNone, "count by the copies of piece NAME: a line per number of copies (by layers)", kCount, [](Settings& s, const V& v) { s.by_piece = v.as<std::string>(); }},
    {"expect-distinct", T::text, "N", nullptr, kNone, kNone, "the expected count up to symmetry: exit 1 if it differs", kCount | kMerge, [](Settings& s, const V& v) { s.expect_distinct = count_text("expect-distinct", v.as<std::string>()); }},
    {"check-fixed", T::toggle, "", nullptr, kNone, kNone, "recount Fix(g) on the problems the symmetries fix, and fail if it differs", kCount, [](Settings& s, const V&) { s.check_fixed = true; }},
    {"symmetry", T::text, "MODE", "auto", kNone, kNone, "none, check (Fix(g) and Burnside), reduce (one option per orbit, weighted), full (the model's whole group, by conjugacy classes: sudoku's relabelling, band, stack, row and column permutations; Latin squares' isotopies) or auto", kCount | kEstimate, [](Settings& s, const V& v) { s.plan.symmetry = symmetry_word(v.as<std::string>()); s.full_group = v.as<std::string>() == "full"; }},
    {"json", T::toggle, "", nullptr, kNone, kNone, "print one JSON object instead of text", kCount | kSolve | kEstimate | kMerge | kStatus, [](Settings& s, const V&) { s.json = true; }},
    {"relabel", T::text, "on|off", "on", kNone, kNone, "merge states equal up to renaming the symbols the model declares (Latin squares' symbols and columns, sudoku's digits, columns and stacks); off: only equal states", kCount, [](Settings& s, const V& v) { s.relabel = on_off_word(v.as<std::string>(), "relabel"); }},
    {"engine", T::text, "E", "auto", kNone, kNone, kEngineHelp, kCount | kSolve | kShow, [](Settings& s, const V& v) { s.plan.method.engine = engine_word(v.as<std::string>()); }},
    {"choose", T::text, "RULE", "mrv", kNone, kNone, "item choice: mrv, first, scan, max, random or mrv-random (docs/flags.md)", kCount | kSolve | kShow, [](Settings& s, const V& v) { s.plan.method.choice.rule = choose_word(v.as<std::string>()), s.plan.method.rule_given = !v.defaulted(); }},
    {"choose", T::text, "RULE", "auto", kNone, kNone, "the tree to estimate: mrv, first, scan or max (auto: the one count walks)", kEstimate, [](Settings& s, const V& v) { if ((s.plan.method.rule_given = v.as<std::string>() != "auto")) s.plan.method.choice.rule = choose_word(v.as<std::string>()); }},
    {"seed", T::text, "S", nullptr, kNone, kNone, "seed of the random choice rules (0..2^64-1); with it fixed, the search can be split", kCount | kSolve | kShow, [](Settings& s, const V& v) { s.plan.method.choice.seed = seed_text(v.as<std::string>()), s.seed_given = true; }},
    {"seed", T::text, "S", nullptr, kNone, kNone, "seed of the random paths (0..2^64-1; default: drawn and printed)", kEstimate, [](Settings& s, const V& v) { s.plan.method.choice.seed = seed_text(v.as<std::string>()), s.seed_given = true; }},
    {"seed", T::text, "S", nullptr, kNone, kNone, "seed (0..2^64-1; default: a random one, printed)", kGenerate, nullptr},
    {"limit", T::integer, "N", "0", 0, 1LL << 62, "stop after this many solutions (0: count all; at most 2^62); a preview, labelled partial", kCount, [](Settings& s, const V& v) { s.limit = static_cast<std::uint64_t>(v.as<long long>()); }},
    {"time-limit", T::real, "S", nullptr, kNone, kNone, "stop after this many seconds: a partial result (exit 3), resumable with --checkpoint", kCount, [](Settings& s, const V& v) { s.limits.max_seconds = time_limit_value(v.as<double>()); }},
    {"node-limit", T::text, "N", nullptr, kNone, kNone, "stop after about this many search-tree nodes (partial, exit 3; resumable like --time-limit)", kCount, [](Settings& s, const V& v) { s.limits.max_nodes = node_limit_text(v.as<std::string>()); }},
    {"profile", T::toggle, "", nullptr, kNone, kNone, "print the nodes and updates of each level of the search tree (where to cut it), and the memo engine's states stored by their first open item", kCount, [](Settings& s, const V&) { s.run.profile = true; }},
    {"progress", T::toggle, "", nullptr, kNone, kNone, "show the progress line on stderr even when it is not a terminal (or under --json)", kCount, [](Settings& s, const V&) { s.progress = true; }},
    {"progress-interval", T::real, "S", "10", kNone, kNone, "seconds between the progress lines written to a file or pipe", kCount, [](Settings& s, const V& v) { s.progress_interval = progress_interval_value(v.as<double>()); }},
    {"shard", T::text, "I/K", nullptr, kNone, kNone, "solve only the subproblems whose id is I modulo K (needs --out)", kCount, [](Settings& s, const V& v) { std::tie(s.run.shard_index, s.run.shard_count) = parse_shard(v.as<std::string>()); }},
    {"out,o", T::text, "FILE", nullptr, kNone, kNone, "write this run's result file, for xcount merge", kCount, [](Settings& s, const V& v) { s.out = v.as<std::string>(); }},
    {"out,o", T::text, "FILE", "-", kNone, kNone, "write to this file (- : stdout)", kExport, [](Settings& s, const V& v) { s.out = v.as<std::string>(); }},
    {"mpi", T::toggle, "", nullptr, kNone, kNone, "run over the MPI ranks of mpirun: rank 0 hands out subproblems and keeps the journal; a count by layers has its every layer shared by the ranks", kCount, [](Settings& s, const V&) { s.mpi = true; }},
    {"subproblem-stats", T::text, "FILE", nullptr, kNone, kNone, "write one JSON line per subproblem to FILE (its figures, when it started)", kCount, [](Settings& s, const V& v) { s.subproblem_stats = v.as<std::string>(); }},
    {"verbose,v", T::toggle, "", nullptr, kNone, kNone, "say more (matrix size, warnings)", kModelCommands, [](Settings& s, const V&) { s.verbose = true; }},
    {"verbose,v", T::toggle, "", nullptr, kNone, kNone, "a line per puzzle on stderr: clues and seconds", kGenerate, nullptr},
    {"memo-memory", T::text, "SIZE", nullptr, kNone, kNone, "the memo engine's table at most (512M, 1.5G, ...; default: a quarter of the memory the process may use, within --max-memory)", kCount, [](Settings& s, const V& v) { s.run.memo_bytes = parse_memory(v.as<std::string>(), "memo-memory"); }},
    {"max-memory", T::text, "SIZE", nullptr, kNone, kNone, "the process's memory at most: a problem that would need more is refused, the memo table takes what is left (default: half of what the process may use)", kModelCommands, [](Settings& s, const V& v) { s.max_memory = parse_memory(v.as<std::string>()); }},
    {"print", T::integer, "K", "1", 1, 1000000, "how many solutions to print (1..1000000)", kSolve, [](Settings& s, const V& v) { s.print = static_cast<long>(v.as<long long>()); }},
    {"all", T::toggle, "", nullptr, kNone, kNone, "stream every solution, one line each on stdout (--json: JSON Lines), the tally on stderr", kSolve, [](Settings& s, const V&) { s.all = true; }},
    {"threads,t", T::integer, "N", "1", 0, 4096, "with --all: threads (0: all cores; one keeps the search's order)", kSolve, [](Settings& s, const V& v) { s.run.threads = static_cast<int>(v.as<long long>()); }},
    {"checkpoint", T::text, "FILE", nullptr, kNone, kNone, "with --all and --out: journal of the subproblems whose solutions the file holds", kSolve, [](Settings& s, const V& v) { s.checkpoint = v.as<std::string>(); }},
    {"shard", T::text, "I/K", nullptr, kNone, kNone, "with --all: stream only the subproblems whose id is I modulo K (needs --out)", kSolve, [](Settings& s, const V& v) { std::tie(s.run.shard_index, s.run.shard_count) = parse_shard(v.as<std::string>()); }},
    {"out,o", T::text, "FILE", nullptr, kNone, kNone, "with --all: write the solutions to FILE, not stdout", kSolve, [](Settings& s, const V& v) { s.out = v.as<std::string>(); }},
    {"distinct", T::toggle, "", nullptr, kNone, kNone, "with --all: one solution per orbit of the model's symmetry group (the least of its images)", kSolve, [](Settings& s, const V&) { s.distinct = true; }},
    {"solution", T::integer, "K", "1", 1, 1000000000, "which solution, in the order the search finds them (1: the first; at most 10^9)", kShow, [](Settings& s, const V& v) { s.solution = static_cast<long>(v.as<long long>()); }},
    {"svg", T::text, "FILE", nullptr, kNone, kNone, "draw the solution into this SVG file (pieces as coloured outlines, grids as squares)", kShow, [](Settings& s, const V& v) { s.svg = file_name_text("svg", v.as<std::string>()); }},
    {"color", T::text, "WHEN", "auto", kNone, kNone, "coloured letters: never, auto (on a terminal) or always", kSolve | kShow, [](Settings& s, const V& v) { s.colour = colour_word(v.as<std::string>()); }},
    {"probes", T::text, "N", "1000", kNone, kNone, "random root-to-leaf paths (1..10^9)", kEstimate, [](Settings& s, const V& v) { s.probes = probes_text(v.as<std::string>()); }},
    {"all", T::toggle, "", nullptr, kNone, kNone, "run the long jobs too", kVerify, nullptr},
    {"max-seconds", T::real, "S", "0", kNone, kNone, "stop a job after this long (0: no limit): TIMEOUT, a partial count, not a failure", kVerify, nullptr},
    {"json", T::toggle, "", nullptr, kNone, kNone, "one JSON object per job (JSON Lines), then one with the totals, instead of the table", kVerify, nullptr},
    {"html", T::text, "FILE", nullptr, kNone, kNone, "also write a report page to FILE, with a picture of each job's first solution", kVerify, nullptr},
    {"box", T::text, "RxC", "3x3", kNone, kNone, "box shape RxC", kGenerate, nullptr},
    {"symmetric", T::toggle, "", nullptr, kNone, kNone, "remove clues in pairs symmetric under a half turn", kGenerate, nullptr},
    {"count", T::integer, "K", "1", 1, 100000, "how many puzzles (1..100000)", kGenerate, nullptr},
    {"problem", T::text, "NAME", nullptr, kNone, kNone, "a model name or a DLX file", kJob, nullptr},
    {"source", T::text, "TEXT", "", kNone, kNone, "where the expected count is published", kJob, nullptr},
    {"cost", T::text, "quick|long", "quick", kNone, kNone, "quick (under 10 s on 2 cores) or long", kJob, nullptr},
    {"files", T::texts, "FILE...", nullptr, kNone, kNone, "the shard result files (positional)", kMerge, nullptr},
    {"folder", T::text, "FOLDER", "jobs", kNone, kNone, "the folder of job files (positional)", kVerify, nullptr},
    {"journal", T::text, "FILE", nullptr, kNone, kNone, "the checkpoint journal of a count (positional)", kStatus, nullptr},
};
// clang-format on

std::string long_name(const Flag& f) {
    const std::string name = f.name;
    return name.substr(0, name.find(','));
}

po::value_semantic* semantic(const Flag& f) {
    switch (f.type) {
        case FlagType::toggle: return nullptr;
        case FlagType::integer: {
            auto* v = po::value<long long>()->value_name(f.value_name);
            if (f.fallback) v->default_value(std::stoll(f.fallback));
            if (f.required) v->required();
            return v;
        }
        case FlagType::real: {
            auto* v = po::value<double>()->value_name(f.value_name);
            if (f.fallback) v->default_value(std::stod(f.fallback), f.fallback);
            return v;
        }
        case FlagType::text: {
            auto* v = po::value<std::string>()->value_name(f.value_name);
            if (f.fallback) v->default_value(f.fallback);
            if (f.required) v->required();
            return v;
        }
        case FlagType::texts: return po::value<std::vector<std::string>>()->multitoken()->value_name(f.value_name);
    }
    return nullptr;
}

std::string markdown_cell(std::string text) {
    std::string out;
    for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

constexpr const char* kScopeNames[] = {"count", "solve", "show", "estimate", "export", "merge", "verify", "generate", "job file", "status"};

}  // namespace

std::span<const Flag> flag_table() { return kFlags; }

const Flag& flag_in(unsigned scope, const std::string& name) {
    for (const Flag& f : kFlags)
        if ((f.scopes & scope) != 0 && long_name(f) == name) return f;
    throw std::logic_error("no flag --" + name + " in this scope");
}

namespace {

void add_flag(po::options_description& flags, const Flag& f) {
    if (po::value_semantic* v = semantic(f))
        flags.add_options()(f.name, v, f.help);
    else
        flags.add_options()(f.name, f.help);
}

}  // namespace

po::options_description flags_of(unsigned scope) {
    po::options_description flags("Options");
    std::set<std::string> added;
    for (const Flag& f : kFlags)
        if ((f.scopes & scope) != 0 && added.insert(long_name(f)).second) add_flag(flags, f);
    return flags;
}

po::options_description flags_of(std::span<const Flag> rows, const std::string& heading) {
    po::options_description flags(heading);
    for (const Flag& f : rows) add_flag(flags, f);
    return flags;
}

po::variables_map read_arguments(const std::vector<std::string>& args, const po::options_description& flags, const char* word, int words) {
    const char* const stray = "unexpected-argument";
    po::options_description all;
    all.add(flags).add_options()(stray, po::value<std::vector<std::string>>());
    po::positional_options_description positional;
    if (word != nullptr) positional.add(word, words);
    if (words >= 0) positional.add(stray, -1);
    po::variables_map values;
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), values);
    if (values.count(stray)) throw InputError("unexpected argument '" + values[stray].as<std::vector<std::string>>().front() + "'");
    return values;
}

void check_range(const Flag& f, long long value) {
    if (value < f.low || value > f.high)
        throw InputError("--" + long_name(f) + " must be between " + std::to_string(f.low) + " and " + std::to_string(f.high) + ", not " +
                         std::to_string(value));
}

long long ranged_flag(const po::variables_map& values, unsigned scope, const std::string& name) {
    const long long value = values[name].as<long long>();
    check_range(flag_in(scope, name), value);
    return value;
}

void store_flags(unsigned scope, const po::variables_map& values, Settings& settings) {
    std::set<std::string> read;
    for (const Flag& f : kFlags) {
        const std::string name = long_name(f);
        if ((f.scopes & scope) == 0 || !read.insert(name).second || !f.store || !values.count(name)) continue;
        if (f.type == FlagType::integer) check_range(f, values[name].as<long long>());
        f.store(settings, values[name]);
    }
}

std::string markdown_flags(unsigned scope, bool commands) {
    std::string out = commands ? "| flag | commands | meaning |\n|---|---|---|\n" : "| flag | meaning |\n|---|---|\n";
    for (const Flag& f : kFlags) {
        if ((f.scopes & scope) == 0 || long_name(f) == "help") continue;
        std::string flag = "`--" + long_name(f) + (f.type == FlagType::toggle ? "" : " " + std::string(f.value_name)) + "`";
        std::string help = f.help;
        if (f.fallback && *f.fallback) help += " (default: " + std::string(f.fallback) + ")";
        out += "| " + markdown_cell(flag) + " | ";
        if (commands) {
            std::string names;
            for (std::size_t k = 0; k < std::size(kScopeNames); ++k)
                if ((f.scopes & scope & (1u << k)) != 0) names += (names.empty() ? "" : ", ") + std::string(kScopeNames[k]);
            out += names + " | ";
        }
        out += markdown_cell(help) + " |\n";
    }
    return out;
}

}  // namespace xcount::cli
