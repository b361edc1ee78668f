#include <algorithm>
#include <cctype>
#include <cstdio>
#include <limits>
#include <random>
#include "settings.hpp"

#include "flag_table.hpp"

#include "memory.hpp"

#include "xcount/error.hpp"
#include "xcount/memo_table.hpp"
#include "xcount/distributed.hpp"
#include "xcount/shard.hpp"

namespace po = boost::program_options;

namespace xcount::cli {

std::optional<Count> count_flag(const po::variables_map& values, const char* name) {
    if (!values.count(name)) return std::nullopt;
    const std::string text = values[name].as<std::string>();
    const auto value = parse_count(text);
    if (!value) throw InputError("--" + std::string(name) + " must be a non-negative decimal count, not " + quote_name(text));
    return value;
}

namespace {

SymmetryMode symmetry_mode(const std::string& text) {
    if (text == "auto") return SymmetryMode::automatic;
    if (text == "none") return SymmetryMode::none;
    if (text == "check") return SymmetryMode::check;
    if (text == "reduce") return SymmetryMode::reduce;
    throw InputError("--symmetry must be auto, none, check or reduce, not " + quote_name(text));
}

ColourMode colour_mode(const std::string& text) {
    if (text == "never") return ColourMode::never;
    if (text == "auto") return ColourMode::automatic;
    if (text == "always") return ColourMode::always;
    throw InputError("--color must be never, auto or always, not " + quote_name(text));
}

}  // namespace

unsigned scope_of(Command command) {
    switch (command) {
        case Command::count: return kCount;
        case Command::solve: return kSolve;
        case Command::show: return kShow;
        case Command::estimate: return kEstimate;
        case Command::exprt: return kExport;
    }
    return 0;
}

po::options_description flags_for(Command command) { return flags_of(scope_of(command)); }

namespace {

ChooseRule choose_rule(const std::string& text) {
    if (text == "mrv") return ChooseRule::mrv;
    if (text == "first") return ChooseRule::first;
    if (text == "scan") return ChooseRule::scan;
    if (text == "max") return ChooseRule::max;
    if (text == "random") return ChooseRule::random;
    if (text == "mrv-random") return ChooseRule::mrv_random;
    throw InputError("--choose must be mrv, first, scan, max, random or mrv-random, not " + quote_name(text));
}

// --split-depth: auto (nullopt) or 0..64.
std::optional<int> split_depth_flag(const po::variables_map& values) {
    const std::string depth = values["split-depth"].as<std::string>();
    if (depth == "auto") return std::nullopt;
    const auto parsed = parse_count(depth);
    if (!parsed || *parsed > 64) throw InputError("--split-depth must be auto or between 0 and 64, not " + quote_name(depth));
    return static_cast<int>(*parsed->to_u64());
}

// The random rules replay their choices from the seed: a search cut into subproblems that must
// agree (a depth, a journal, shards, ranks) needs --seed; without one it is one subproblem, the
// whole search on one thread.
void settle_random_rule(const po::variables_map& values, Settings& s, bool split) {
    const bool random_rule = s.choice.rule == ChooseRule::random || s.choice.rule == ChooseRule::mrv_random;
    if (!random_rule || s.seed_given) return;
    if (split)
        throw InputError("--choose " + values["choose"].as<std::string>() +
                         " needs --seed to split the search (each subproblem must replay the same random choices)");
    s.split_depth = 0;
}

// solve --all's machinery of count: threads, the split, a journal, shards, a file, --distinct.
void read_stream_flags(const po::variables_map& values, Settings& s) {
    s.threads = static_cast<int>(ranged_flag(values, kSolve, "threads"));
    s.split_depth = split_depth_flag(values);
    if (values.count("checkpoint")) s.checkpoint = values["checkpoint"].as<std::string>();
    if (values.count("out")) s.out = values["out"].as<std::string>();
    if (values.count("shard")) std::tie(s.shard_index, s.shard_count) = parse_shard(values["shard"].as<std::string>());
    s.distinct = values.count("distinct") != 0;
    s.parallel_stream = s.threads != 1 || s.split_depth || !s.checkpoint.empty() || !s.out.empty() || s.shard_count > 1 || s.distinct;
    if (s.parallel_stream && !s.all)
        throw InputError("--threads, --split-depth, --checkpoint, --shard, --out and --distinct go with --all");
    if (!s.checkpoint.empty() && s.out.empty())
        throw InputError("--all --checkpoint needs --out FILE: a resumed run cuts the file back to the solutions its journal holds");
    if (s.shard_count > 1 && s.out.empty()) throw InputError("--shard needs --out FILE (this shard's solutions)");
    settle_random_rule(values, s, (s.split_depth && *s.split_depth > 0) || !s.checkpoint.empty() || s.shard_count > 1);
}

}  // namespace

std::uint64_t seed_flag(const po::variables_map& values) {
    if (!values.count("seed")) return (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
    const std::string text = values["seed"].as<std::string>();
    const auto seed = parse_count(text);
    if (!seed || *seed > std::numeric_limits<std::uint64_t>::max())
        throw InputError("--seed must be between 0 and 2^64-1, not " + quote_name(text));
    return *seed->to_u64();
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

Settings read_settings(Command command, const po::variables_map& values) {
    Settings s;
    s.help = values.count("help") != 0;
    s.verbose = values.count("verbose") != 0;
    s.json = values.count("json") != 0;
    s.max_memory = values.count("max-memory") ? parse_memory(values["max-memory"].as<std::string>()) : default_max_memory();
    if (command == Command::count || command == Command::solve || command == Command::show) {
        const std::string engine = values["engine"].as<std::string>();
        if (engine == "auto")
            s.engine = EngineKind::automatic;
        else if (engine == "dlx")
            s.engine = EngineKind::dlx;
        else if (engine == "cells")
            s.engine = EngineKind::cells;
        else if (engine == "bits")
            s.engine = EngineKind::bits;
        else if (engine == "scan")
            s.engine = EngineKind::scan;
        else if (engine == "memo")
            s.engine = EngineKind::memo;
        else
            throw InputError("--engine must be auto, dlx, cells, bits, scan or memo, not " + quote_name(engine));
        s.choice.rule = choose_rule(values["choose"].as<std::string>());
        s.choice_given = !values["choose"].defaulted();
        if ((s.engine == EngineKind::scan || s.engine == EngineKind::memo) && !s.choice_given) s.choice.rule = ChooseRule::scan;
        if (s.engine == EngineKind::scan && s.choice.rule != ChooseRule::scan)
            throw InputError("--engine scan walks the scan rule's tree only; it cannot take --choose " +
                             values["choose"].as<std::string>());
        s.seed_given = values.count("seed") != 0;
        s.choice.seed = seed_flag(values);
        const bool random_rule = s.choice.rule == ChooseRule::random || s.choice.rule == ChooseRule::mrv_random;
        if (s.seed_given && !random_rule) throw InputError("--seed goes with --choose random or mrv-random");
    }
    if (command == Command::count) {
        s.memo_memory = values.count("memo-memory") ? parse_memory(values["memo-memory"].as<std::string>(), "memo-memory")
                                                    : std::min<std::uint64_t>(default_memo_bytes(), s.max_memory);
        s.limit = static_cast<Count>(ranged_flag(values, kCount, "limit"));
        s.expect = count_flag(values, "expect");
        if (values.count("time-limit")) {
            s.time_limit = values["time-limit"].as<double>();
            if (!(s.time_limit > 0) || s.time_limit > 1e9) {
                char given[32];
                std::snprintf(given, sizeof given, "%g", s.time_limit);
                throw InputError(std::string("--time-limit must be a number of seconds above 0 and at most 1e9, not ") + given);
            }
        }
        if (const auto nodes = count_flag(values, "node-limit")) {
            if (*nodes == 0 || *nodes > std::numeric_limits<std::uint64_t>::max())
                throw InputError("--node-limit must be between 1 and 2^64-1, not " + to_string(*nodes));
            s.node_limit = *nodes->to_u64();
        }
        s.expect_distinct = count_flag(values, "expect-distinct");
        s.symmetry = symmetry_mode(values["symmetry"].as<std::string>());
        if (s.expect_distinct && s.symmetry == SymmetryMode::none)
            throw InputError("--expect-distinct needs --symmetry check, reduce or auto");
        s.check_fixed = values.count("check-fixed") != 0;
        if (s.check_fixed && s.symmetry == SymmetryMode::none) throw InputError("--check-fixed needs --symmetry check, reduce or auto");
        s.threads = static_cast<int>(ranged_flag(values, scope_of(command), "threads"));
        s.split_depth = split_depth_flag(values);
        if (values.count("checkpoint")) s.checkpoint = values["checkpoint"].as<std::string>();
        if (values.count("subproblem-stats")) s.subproblem_stats = values["subproblem-stats"].as<std::string>();
        s.progress = values.count("progress") != 0;
        s.progress_interval = values["progress-interval"].as<double>();
        if (!(s.progress_interval >= 0.25 && s.progress_interval <= 1e6))
            throw InputError("--progress-interval must be between 0.25 and 1e6 seconds");
        s.profile = values.count("profile") != 0;
        if (values.count("out")) s.out = values["out"].as<std::string>();
        s.mpi = values.count("mpi") != 0;
        if (s.mpi && (values.count("shard") || s.limit)) throw InputError("--mpi cannot be combined with --shard or --limit");
        if (s.mpi && !mpi_available())
            throw InputError("--mpi: this xcount was built without MPI (install OpenMPI and configure again; xcount --version says why)");
        if (values.count("shard")) std::tie(s.shard_index, s.shard_count) = parse_shard(values["shard"].as<std::string>());
        if (values.count("shard") && s.out.empty()) throw InputError("--shard needs --out FILE (the result file to merge)");
        if (values.count("shard") && s.check_fixed)
            throw InputError("--check-fixed cannot be combined with --shard: a shard finds only its share of Fix(g)");
        if (s.limit != 0 && !s.out.empty()) throw InputError("--limit cannot be combined with --out (a limited count is a preview)");
        if (s.limit != 0 && s.symmetry != SymmetryMode::automatic && s.symmetry != SymmetryMode::none)
            throw InputError("--limit cannot be combined with --symmetry check or reduce");
        settle_random_rule(values, s, (s.split_depth && *s.split_depth > 0) || !s.checkpoint.empty() || s.mpi || !s.out.empty());
        if (s.limit != 0 && (!s.checkpoint.empty() || !s.subproblem_stats.empty()))
            throw InputError("--limit cannot be combined with --checkpoint or --subproblem-stats (a limited count is a preview)");
    }
    if (command == Command::estimate) {
        const std::string rule = values["choose"].as<std::string>();
        s.choice_given = rule != "auto";
        if (s.choice_given) s.choice.rule = choose_rule(rule);
        if (s.choice.rule == ChooseRule::random || s.choice.rule == ChooseRule::mrv_random)
            throw InputError("estimate --choose: the random rules take no estimate here; use mrv, first, scan or max");
        const auto probes = count_flag(values, "probes");
        if (!probes || *probes < 1 || *probes > 1000000000) throw InputError("--probes must be between 1 and 10^9");
        s.probes = *probes->to_u64();
        s.seed_given = values.count("seed") != 0;
        s.choice.seed = seed_flag(values);
        s.threads = static_cast<int>(ranged_flag(values, scope_of(command), "threads"));
        s.symmetry = symmetry_mode(values["symmetry"].as<std::string>());
    }
    if (command == Command::solve) {
        s.print = static_cast<long>(ranged_flag(values, kSolve, "print"));
        s.all = values.count("all") != 0;
        if (s.all && !values["print"].defaulted()) throw InputError("--all prints every solution: it takes no --print");
        read_stream_flags(values, s);
    }
    if (command == Command::solve || command == Command::show) s.colour = colour_mode(values["color"].as<std::string>());
    if (command == Command::show) {
        s.solution = static_cast<long>(ranged_flag(values, kShow, "solution"));
        if (values.count("svg")) s.svg = values["svg"].as<std::string>();
        if (values.count("svg") && s.svg.empty()) throw InputError("--svg needs a file name");
    }
    if (command == Command::exprt) s.out = values["out"].as<std::string>();
    return s;
}

}  // namespace xcount::cli
