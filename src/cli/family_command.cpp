// src/cli/family_command.cpp: count: a range of boards (RxA..B), every board counted in one
// sweep by layers, each term printed as soon as it is known: "n a(n)" lines (an OEIS b-file)
// or, with --json, one JSON object a line. What the sweep did goes to standard error.
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

// A range of boards is one sweep by layers on one machine: what does not fit it is refused.
void check_family_settings(const Settings& s) {
    const auto refuse = [](const std::string& what) {
        throw InputError("a range of boards (RxA..B) is counted in one sweep by layers: " + what);
    };
    if (s.plan.method.engine != EngineKind::automatic && s.plan.method.engine != EngineKind::frontier)
        refuse(std::string("--engine ") + engine_name(s.plan.method.engine) + " does not count by layers (use frontier or auto)");
    if (s.plan.symmetry == SymmetryMode::check || s.plan.symmetry == SymmetryMode::reduce)
        refuse("--symmetry check or reduce are for one board");
    if (s.expect_distinct || s.check_fixed) refuse("--expect-distinct and --check-fixed are for one board");
    if (s.limit != 0) refuse("--limit is for one board");
    if (s.plan.depth && *s.plan.depth > 0) refuse("--split-depth is for one board");
    if (!s.checkpoint.empty()) refuse("--checkpoint is for one board (a term once printed is whole; run again from a later A)");
    if (s.mpi || !s.out.empty() || s.run.shard_count > 1) refuse("--mpi and --shard are for one board");
}

void print_term(const Settings& settings, std::uint32_t n, const Count& count) {
    if (settings.json)
        std::cout << "{\"n\":" << n << ",\"count\":\"" << to_string(count) << "\"}\n";
    else
        std::cout << n << ' ' << to_string(count) << '\n';
    std::cout.flush();
}

}  // namespace

int family_command(const Problem& problem, const Settings& settings) {
    check_family_settings(settings);
    Frontier engine(problem.matrix);
    engine.set_threads(resolve_threads(settings.run.threads));
    std::uint32_t last = 0;
    Count last_count = 0;
    engine.follow_family(problem.growth, [&](std::uint32_t n, const Count& count) {
        last = n, last_count = count;
        if (n >= problem.first_term) print_term(settings, n, count);
    });
    const Stop stop(&stop_on_signals(), settings.limits, process_start());
    const auto start = std::chrono::steady_clock::now();
    const SearchStats stats = engine.count(Limits{.stop = stop.flag()});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::uint32_t longest = problem.growth.empty() ? 0 : *std::max_element(problem.growth.begin(), problem.growth.end());
    std::cerr << "xcount: " << problem.name << ": "
              << (stats.complete ? "every term" : "partial: the terms up to n = " + std::to_string(last)) << " in " << std::fixed
              << std::setprecision(3) << seconds << " s by layers (widest window " << engine.figures().widest << " items, " << stats.nodes
              << " states moved)\n";
    if (!stats.complete) return kExitPartial;
    if (settings.expect && last == longest && last_count != *settings.expect) {
        std::cerr << "xcount: MISMATCH: a(" << last << ") is " << to_string(last_count) << ", expected " << to_string(*settings.expect)
                  << '\n';
        return kExitMismatch;
    }
    return kExitOk;
}

}  // namespace xcount::cli
