// src/cli/layers_command.cpp: the counts that only counting by layers gives, a term a line
// ("n a(n)", an OEIS b-file's lines, or with --json one JSON object a line), what the sweep did
// on standard error: a range of boards (RxA..B), every board in one sweep, each term printed
// as soon as it is known; and a count by piece (--by-piece NAME), by the copies of one piece.
#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <string>

#include "cli.hpp"
#include "commands.hpp"
#include "signals.hpp"
#include "xcount/frontier.hpp"
#include "xcount/runner.hpp"
#include "xcount/stop.hpp"

namespace xcount::cli {

namespace {

// One sweep by layers on one machine (`what`: a range of boards, a count by piece): what does
// not fit it is refused.
void check_sweep_settings(const Settings& s, const std::string& what) {
    const auto refuse = [&](const std::string& why) { throw InputError(what + " is counted in one sweep by layers: " + why); };
    if (s.plan.method.engine != EngineKind::automatic && s.plan.method.engine != EngineKind::frontier)
        refuse(std::string("--engine ") + engine_name(s.plan.method.engine) + " does not count by layers (use frontier or auto)");
    if (s.plan.symmetry == SymmetryMode::check || s.plan.symmetry == SymmetryMode::reduce)
        refuse("--symmetry check or reduce count one total");
    if (s.expect_distinct || s.check_fixed) refuse("--expect-distinct and --check-fixed count one total");
    if (s.limit != 0) refuse("--limit stops an enumeration");
    if (s.plan.depth && *s.plan.depth > 0) refuse("--split-depth splits an enumeration");
    if (!s.checkpoint.empty()) refuse("--checkpoint journals subproblems");
    if (s.mpi || !s.out.empty() || s.run.shard_count > 1) refuse("--mpi and --shard share subproblems");
}

int finish(const Settings& settings, const Problem& problem, const Frontier& engine, const SearchStats& stats, double seconds,
           const std::string& said) {
    std::cerr << "xcount: " << problem.name << ": " << said << " in " << std::fixed << std::setprecision(3) << seconds
              << " s by layers (widest window " << engine.figures().widest << " items, " << stats.nodes << " states moved)\n";
    if (!stats.complete) return kExitPartial;
    if (settings.expect && stats.solutions != *settings.expect) {
        std::cerr << "xcount: MISMATCH: the total is " << to_string(stats.solutions) << ", expected " << to_string(*settings.expect)
                  << '\n';
        return kExitMismatch;
    }
    return kExitOk;
}

void print_term(const Settings& settings, std::uint64_t n, const Count& count, const char* name = "n") {
    if (settings.json)
        std::cout << "{\"" << name << "\":" << n << ",\"count\":\"" << to_string(count) << "\"}\n";
    else
        std::cout << n << ' ' << to_string(count) << '\n';
    std::cout.flush();
}

}  // namespace

int family_command(const Problem& problem, const Settings& settings) {
    check_sweep_settings(settings, "a range of boards (RxA..B)");
    if (!settings.by_piece.empty()) throw InputError("--by-piece counts one board, not a range of boards (RxA..B)");
    Frontier engine(problem.matrix);
    engine.set_threads(resolve_threads(settings.run.threads));
    std::uint32_t last = 0;
    engine.follow_family(problem.growth, [&](std::uint32_t n, const Count& count) {
        last = n;
        if (n >= problem.first_term) print_term(settings, n, count);
    });
    const Stop stop(&stop_on_signals(), settings.limits, process_start());
    const auto start = std::chrono::steady_clock::now();
    const SearchStats stats = engine.count(Limits{.stop = stop.flag()});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return finish(settings, problem, engine, stats, seconds,
                  stats.complete ? "every term" : "partial: the terms up to n = " + std::to_string(last));
}

int by_piece_command(const Problem& problem, const Settings& settings) {
    check_sweep_settings(settings, "a count by piece (--by-piece)");
    const auto named = std::find(problem.piece_names.begin(), problem.piece_names.end(), settings.by_piece);
    if (named == problem.piece_names.end()) {
        std::string names;
        for (const std::string& name : problem.piece_names) names += (names.empty() ? "" : ", ") + name;
        throw InputError("--by-piece: no piece " + quote_name(settings.by_piece) + " in this problem" +
                         (names.empty() ? " (its model has no pieces)" : " (its pieces: " + names + ")"));
    }
    if (problem.overcount != 1) throw InputError("--by-piece counts pieces used once each or any number of times, not --copies K");
    const auto piece = static_cast<std::uint32_t>(named - problem.piece_names.begin());
    std::vector<char> marked;
    for (std::uint32_t placed : problem.option_piece) marked.push_back(placed == piece ? 1 : 0);
    Frontier engine(problem.matrix);
    engine.set_threads(resolve_threads(settings.run.threads));
    engine.count_by(std::move(marked));
    const Stop stop(&stop_on_signals(), settings.limits, process_start());
    const auto start = std::chrono::steady_clock::now();
    const SearchStats stats = engine.count(Limits{.stop = stop.flag()});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!stats.complete) return finish(settings, problem, engine, stats, seconds, "partial: no terms (a sweep stopped knows none)");
    const std::vector<Count>& by = engine.figures().by_marked;
    std::size_t most = 0;
    for (std::size_t k = 0; k < by.size(); ++k)
        if (by[k] != 0) most = k;
    for (std::size_t k = 0; k <= most && !by.empty(); ++k) print_term(settings, k, by[k], "copies");
    return finish(settings, problem, engine, stats, seconds,
                  "by the copies of " + quote_name(settings.by_piece) + ", " + std::to_string(most + 1) + " terms summing to " +
                      to_string(stats.solutions));
}

}  // namespace xcount::cli
