#include "settings.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <limits>
#include <random>

#include "flag_table.hpp"
#include "memory.hpp"
#include "xcount/distributed.hpp"
#include "xcount/error.hpp"
#include "xcount/memo_table.hpp"

namespace po = boost::program_options;

namespace xcount::cli {

std::uint64_t seed_text(const std::string& text) {
    const auto seed = parse_count(text);
    if (!seed || *seed > std::numeric_limits<std::uint64_t>::max())
        throw InputError("--seed must be between 0 and 2^64-1, not " + quote_name(text));
    return *seed->to_u64();
}

std::uint64_t random_seed() { return (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}(); }

std::uint64_t seed_flag(const po::variables_map& values) {
    return values.count("seed") ? seed_text(values["seed"].as<std::string>()) : random_seed();
}

void refuse_placeholders(const std::string& text, const std::string& where) {
    // Boost names them %value%, %option%, %canonical_option%, %prefix%, %original_token%,
    // %invalid_line%, ...: refuse any %word% of lower-case letters and underscores.
    for (std::size_t open = text.find('%'); open != std::string::npos; open = text.find('%', open + 1)) {
        std::size_t end = open + 1;
        while (end < text.size() && (std::islower(static_cast<unsigned char>(text[end])) || text[end] == '_')) ++end;
        if (end > open + 1 && end < text.size() && text[end] == '%')
            throw InputError(where + ": '" + text.substr(open, end + 1 - open) +
                             "' cannot appear in a flag or value (Boost.Program_options would loop forever on it)");
    }
}

unsigned scope_of(Command command) {
    switch (command) {
        case Command::count: return kCount;
        case Command::solve: return kSolve;
        case Command::show: return kShow;
        case Command::estimate: return kEstimate;
        case Command::export_dlx: return kExport;
    }
    return 0;
}

po::options_description flags_for(Command command) { return flags_of(scope_of(command)); }

namespace {

bool random_rule(const Choice& choice) { return choice.rule == ChooseRule::random || choice.rule == ChooseRule::mrv_random; }

// The random rules replay their choices from the seed: a search cut into subproblems that must
// agree (a depth, a journal, shards, ranks) needs --seed; without one it is one subproblem, the
// whole search on one thread.
void settle_random_rule(const po::variables_map& values, Settings& s, bool split) {
    if (!random_rule(s.plan.method.choice) || s.seed_given) return;
    if (split)
        throw InputError("--choose " + values["choose"].as<std::string>() +
                         " needs --seed to split the search (each subproblem must replay the same random choices)");
    s.plan.depth = 0;
}

// --engine and --choose together (the rule itself is decided with the engine: decide_method).
void validate_choice(const po::variables_map& values, Settings& s) {
    if (s.plan.method.engine == EngineKind::scan && s.plan.method.rule_given && s.plan.method.choice.rule != ChooseRule::scan)
        throw InputError("--engine scan walks the scan rule's tree only; it cannot take --choose " + values["choose"].as<std::string>());
    if (s.seed_given && !random_rule(s.plan.method.choice)) throw InputError("--seed goes with --choose random or mrv-random");
}

void validate_count(const po::variables_map& values, Settings& s) {
    if (values.count("memo-memory"))
        check_memo_memory(s.run.memo_bytes, s.max_memory_given ? std::optional<std::uint64_t>(s.max_memory) : std::nullopt);
    const bool no_group = s.plan.symmetry == SymmetryMode::none && !s.full_group;
    if (s.expect_distinct && no_group) throw InputError("--expect-distinct needs --symmetry check, reduce, full or auto");
    if (s.check_fixed && no_group) throw InputError("--check-fixed needs --symmetry check, reduce, full or auto");
    const bool sharded = values.count("shard") != 0;
    if (sharded && s.full_group)
        throw InputError(
            "--symmetry full counts Fix(g) after the whole count: it cannot be combined with --shard (merge, then count again)");
    if (s.mpi && (sharded || s.limit)) throw InputError("--mpi cannot be combined with --shard or --limit");
    if (s.mpi && !mpi_available())
        throw InputError("--mpi: this xcount was built without MPI (install OpenMPI and configure again; xcount --version says why)");
    if (sharded && s.out.empty()) throw InputError("--shard needs --out FILE (the result file to merge)");
    if (sharded && s.check_fixed) throw InputError("--check-fixed cannot be combined with --shard: a shard finds only its share of Fix(g)");
    if (s.limit != 0 && !s.out.empty()) throw InputError("--limit cannot be combined with --out (a limited count is a preview)");
    if (s.limit != 0 && ((s.plan.symmetry != SymmetryMode::automatic && s.plan.symmetry != SymmetryMode::none) || s.full_group))
        throw InputError("--limit cannot be combined with --symmetry check, reduce or full");
    settle_random_rule(values, s, (s.plan.depth && *s.plan.depth > 0) || !s.checkpoint.empty() || s.mpi || !s.out.empty());
    if (s.limit != 0 && (!s.checkpoint.empty() || !s.subproblem_stats.empty()))
        throw InputError("--limit cannot be combined with --checkpoint or --subproblem-stats (a limited count is a preview)");
}

// solve: --print, or --all with the count's machinery (threads, the split, a journal, shards,
// a file, --distinct).
void validate_solve(const po::variables_map& values, Settings& s) {
    if (s.all && !values["print"].defaulted()) throw InputError("--all prints every solution: it takes no --print");
    s.parallel_stream =
        s.run.threads != 1 || s.plan.depth || !s.checkpoint.empty() || !s.out.empty() || s.run.shard_count > 1 || s.distinct;
    if (s.parallel_stream && !s.all)
        throw InputError("--threads, --split-depth, --checkpoint, --shard, --out and --distinct go with --all");
    if (!s.checkpoint.empty() && s.out.empty())
        throw InputError("--all --checkpoint needs --out FILE: a resumed run cuts the file back to the solutions its journal holds");
    if (s.run.shard_count > 1 && s.out.empty()) throw InputError("--shard needs --out FILE (this shard's solutions)");
    settle_random_rule(values, s, (s.plan.depth && *s.plan.depth > 0) || !s.checkpoint.empty() || s.run.shard_count > 1);
}

}  // namespace

void validate(Command command, const po::variables_map& values, Settings& s) {
    s.max_memory_given = values.count("max-memory") != 0;
    if (!s.max_memory_given) s.max_memory = default_max_memory();
    if (!s.seed_given) s.plan.method.choice.seed = random_seed();
    if (command == Command::count || command == Command::solve || command == Command::show) validate_choice(values, s);
    if (command == Command::count) validate_count(values, s);
    if (command == Command::solve) validate_solve(values, s);
    if (command == Command::estimate && random_rule(s.plan.method.choice))
        throw InputError("estimate --choose: the random rules take no estimate here; use mrv, first, scan or max");
}

Settings read_settings(Command command, const po::variables_map& values) {
    Settings s;
    store_flags(scope_of(command), values, s);
    validate(command, values, s);
    return s;
}

}  // namespace xcount::cli
