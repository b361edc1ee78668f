// `xcount count`: split, solve the subproblems on all threads (resuming from a journal),
// report the total and check it against --expect.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "cli.hpp"
#include "commands.hpp"
#include "json.hpp"
#include "progress.hpp"
#include "signals.hpp"
#include "xcount/journal.hpp"

namespace xcount::cli {

namespace {

struct Outcome {
    SearchStats total;
    double seconds = 0;
    int threads = 1;
    int depth = 0;
    std::size_t subproblems = 1;
    std::size_t resumed = 0;
    std::vector<std::pair<std::size_t, double>> slowest;  // (id, seconds), slowest first
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

Split choose_split(const Matrix& matrix, const Settings& settings, int threads) {
    if (settings.split_depth) return split_at_depth(matrix, *settings.split_depth);
    if (!settings.checkpoint.empty())
        if (const auto header = read_journal_header(settings.checkpoint)) return split_at_depth(matrix, header->depth);
    return split_automatically(matrix, 64 * static_cast<std::size_t>(threads));
}

void write_subproblem_stats(const std::string& path, const Split& split, const RunReport& report) {
    std::ofstream out(path);
    if (!out) throw InputError(path + ": cannot open for writing");
    for (std::size_t id = 0; id < split.size(); ++id) {
        const SubproblemResult& r = report.results[id];
        if (!r.finished) continue;
        std::string prefix = "[";
        for (OptionId o : split.prefix(id)) prefix += (prefix.size() > 1 ? ", " : "") + std::to_string(o);
        out << JsonObject()
                   .field("id", std::uint64_t{id})
                   .raw("prefix", prefix + "]")
                   .field("solutions", r.stats.solutions)
                   .field("updates", r.stats.updates)
                   .field("nodes", r.stats.nodes)
                   .field("seconds", r.seconds)
                   .str()
            << '\n';
    }
    if (!out) throw InputError(path + ": write failed");
}

std::vector<std::pair<std::size_t, double>> slowest(const RunReport& report, std::size_t how_many) {
    std::vector<std::pair<std::size_t, double>> times;
    for (std::size_t id = 0; id < report.results.size(); ++id)
        if (report.results[id].finished) times.emplace_back(id, report.results[id].seconds);
    const std::size_t k = std::min(how_many, times.size());
    std::partial_sort(times.begin(), times.begin() + static_cast<long>(k), times.end(),
                      [](const auto& a, const auto& b) { return a.second > b.second; });
    times.resize(k);
    return times;
}

Outcome parallel_count(const Problem& problem, const Settings& settings, const std::atomic<bool>& stop, bool show_progress) {
    const auto start = std::chrono::steady_clock::now();
    Outcome outcome;
    outcome.threads = resolve_threads(settings.threads);
    const Split split = choose_split(problem.matrix, settings, outcome.threads);
    outcome.depth = split.depth();
    outcome.subproblems = split.size();

    std::vector<SubproblemResult> known;
    std::unique_ptr<Journal> journal;
    if (!settings.checkpoint.empty()) {
        const JournalHeader header{run_fingerprint(problem.matrix, split.depth(), "count"), split.depth(), split.size()};
        journal = std::make_unique<Journal>(settings.checkpoint, header, known);
    }
    outcome.resumed = static_cast<std::size_t>(
        std::count_if(known.begin(), known.end(), [](const SubproblemResult& r) { return r.finished; }));

    RunReport report;
    {
        ProgressDisplay progress(split.size(), outcome.resumed, show_progress);
        RunOptions options{.threads = outcome.threads, .stop = &stop, .on_finished = [&](std::size_t id, const SubproblemResult& r) {
                               if (journal) journal->record(id, r);
                               progress.finished(r);
                           }};
        report = run_split(problem.matrix, split, std::move(known), options);
    }
    if (journal) journal->sync();
    if (!settings.subproblem_stats.empty()) write_subproblem_stats(settings.subproblem_stats, split, report);
    outcome.total = report.total;
    outcome.slowest = slowest(report, 3);
    outcome.seconds = seconds_since(start);
    if (!outcome.total.complete && received_signal() != 0) {
        const auto done = static_cast<std::size_t>(std::count_if(report.results.begin(), report.results.end(),
                                                                 [](const SubproblemResult& r) { return r.finished; }));
        std::cerr << "xcount: stopped by signal " << received_signal() << ": " << done << " of " << split.size()
                  << " subproblems done" << (journal ? "; run again with the same --checkpoint to resume" : "") << '\n';
    }
    return outcome;
}

// --limit: a sequential preview that stops after so many solutions.
Outcome limited_count(const Problem& problem, const Settings& settings) {
    const auto start = std::chrono::steady_clock::now();
    Outcome outcome;
    Dancer dancer(problem.matrix);
    outcome.total = dancer.count(Limits{.max_solutions = settings.limit});
    outcome.seconds = seconds_since(start);
    return outcome;
}

void print(const Problem& problem, const Settings& settings, const Outcome& o) {
    const bool matches = !settings.expect || *settings.expect == o.total.solutions;
    if (settings.json) {
        std::string slow = "[";
        for (const auto& [id, seconds] : o.slowest)
            slow += (slow.size() > 1 ? ", " : "") + JsonObject().field("id", std::uint64_t{id}).field("seconds", seconds).str();
        JsonObject j;
        j.field("problem", problem.name)
            .field("items", std::uint64_t{problem.matrix.item_count()})
            .field("options", std::uint64_t{problem.matrix.option_count()})
            .field("solutions", o.total.solutions)
            .field("updates", o.total.updates)
            .field("nodes", o.total.nodes)
            .field("seconds", o.seconds)
            .field("complete", o.total.complete)
            .field("threads", o.threads)
            .field("depth", o.depth)
            .field("subproblems", std::uint64_t{o.subproblems})
            .field("resumed", std::uint64_t{o.resumed})
            .raw("slowest", slow + "]");
        if (settings.expect) j.field("expected", *settings.expect).field("matches", matches);
        std::cout << j.str() << '\n';
        return;
    }
    const char* partial = settings.limit ? " (stopped at --limit: not the total)" : " (stopped early: not the total)";
    std::cout << "problem: " << problem.name << '\n'
              << "solutions: " << to_string(o.total.solutions) << (o.total.complete ? "" : partial) << '\n'
              << "updates: " << o.total.updates << '\n'
              << "nodes: " << o.total.nodes << '\n'
              << "seconds: " << o.seconds << '\n';
    if (settings.expect)
        std::cout << "expected: " << to_string(*settings.expect) << (matches ? " (ok)" : " (MISMATCH)") << '\n';
    if (settings.verbose || !settings.limit) {
        std::cout << "threads: " << o.threads << ", split depth: " << o.depth << ", subproblems: " << o.subproblems;
        if (o.resumed) std::cout << " (" << o.resumed << " resumed from the checkpoint)";
        std::cout << '\n';
    }
    if (!o.slowest.empty()) {
        std::cout << "slowest subproblems:";
        for (const auto& [id, seconds] : o.slowest) std::cout << " #" << id << " " << seconds << " s";
        std::cout << '\n';
    }
}

// Labelled copies of identical pieces make the search find each solution `overcount` times.
void divide_overcount(const Problem& problem, Outcome& outcome) {
    if (problem.overcount == 1) return;
    if (outcome.total.complete && outcome.total.solutions % problem.overcount != 0)
        throw std::logic_error("the search's total is not a multiple of the model's overcount");
    outcome.total.solutions /= problem.overcount;
}

}  // namespace

CountResult count_quietly(const Problem& problem, const Settings& settings, const std::atomic<bool>& stop) {
    Outcome outcome = parallel_count(problem, settings, stop, false);
    divide_overcount(problem, outcome);
    return {outcome.total, outcome.seconds};
}

int count_command(const Problem& problem, const Settings& settings) {
    Outcome outcome =
        settings.limit ? limited_count(problem, settings)
                       : parallel_count(problem, settings, stop_on_signals(), settings.progress || (!settings.json && isatty(2)));
    divide_overcount(problem, outcome);
    print(problem, settings, outcome);
    if (!outcome.total.complete) return kExitPartial;
    return settings.expect && *settings.expect != outcome.total.solutions ? kExitMismatch : kExitOk;
}

}  // namespace xcount::cli
