// `xcount count`: plan, split, solve the subproblems on all threads (resuming from a journal),
// report the total and check it against --expect; and `merge` of shard files.
#include <malloc.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <iostream>

#include "cli.hpp"
#include "commands.hpp"
#include "count_report.hpp"
#include "count_run.hpp"
#include "memory.hpp"
#include "outlook.hpp"
#include "progress.hpp"
#include "signals.hpp"
#include "xcount/distributed.hpp"
#include "xcount/shard.hpp"
#include "xcount/text_file.hpp"

namespace xcount::cli {

namespace {

// A subproblem is walked in slices of this many nodes (a tenth of a second to half a second),
// between which its progress can be shown and journaled; each slice replays the prefix and
// the position, a cost lost in the noise at this size.
constexpr std::uint64_t kSliceNodes = std::uint64_t{1} << 20;

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

// The engine that counts, and the unit its updates are counted in.
void describe_method(Outcome& outcome, const Method& method) {
    outcome.engine = engine_name(method.engine);
    outcome.updates_unit = method.updates_unit();
}

// What the outcome says of the plan before anything runs.
void describe_plan(Outcome& outcome, const Plan& plan, const Settings& settings, const Problem& problem) {
    outcome.depth = plan.split.depth();
    outcome.subproblems = plan.split.size();
    describe_method(outcome, plan.method);
    if (plan.method.engine == EngineKind::memo || plan.method.engine == EngineKind::frontier) {
        outcome.renamed_symbols = symbols_declared(plan.matrix());
        outcome.renamed_sets = plan.matrix().symbol_sets().size();
    }
    outcome.symmetry = plan.note;
    if (plan.method.choice.rule != ChooseRule::mrv) outcome.choice = choice_text(plan.method.choice);
    outcome.shard_index = settings.run.shard_index;
    outcome.shard_count = settings.run.shard_count;
    if (outcome.symmetry.empty() && settings.plan.symmetry != SymmetryMode::none && !problem.no_symmetry.empty())
        outcome.symmetry = "none: " + problem.no_symmetry;  // so that the missing count up to symmetry is explained
}

// The files the run will write, refused before it starts when they cannot be written.
void check_output_files(const Settings& settings) {
    if (!settings.out.empty()) check_output_path(settings.out, "xcount-shard", "shard result file");
    if (!settings.subproblem_stats.empty()) check_output_path(settings.subproblem_stats, "{", "subproblem statistics file");
}

// What a journal already held of this run's share.
void count_resumed(const RunJournal& journal, const Settings& settings, Outcome& outcome) {
    for (std::size_t id : shard_ids(settings.run.shard_index, settings.run.shard_count, journal.known.size())) {
        outcome.resumed += journal.known[id].finished ? 1 : 0;
        outcome.resumed_partly += journal.known[id].partial() ? 1 : 0;
    }
}

// The subproblems of this process (its shard, or its MPI share), on its threads, each result
// into the journal and the progress display; `started` gets when each began.
RunReport run_subproblems(const Plan& plan, const Settings& settings, RunJournal& journal, Outcome& outcome, Stop& stop, bool show_progress,
                          std::vector<double>& started) {
    const auto start = std::chrono::steady_clock::now();
    const bool leader = mpi_rank() == 0;
    const Split& split = plan.split;
    std::optional<Schedule> order;
    try {
        if (leader) order = schedule(plan, stop.flag());
    } catch (const Stopped&) {  // stop is raised: the run below ends before its first subproblem
    }
    PartialSchedule partial_due;
    const auto record = [&](std::size_t id, const SubproblemResult& r) { journal.record(id, r, outcome.failure, stop); };
    ProgressDisplay progress(plan.matrix(), split, shard_ids(settings.run.shard_index, settings.run.shard_count, split.size()),
                             journal.known, outcome.threads, show_progress && leader, isatty(2) ? 0 : settings.progress_interval,
                             order ? order->strata : std::vector<std::uint32_t>{});
    RunOptions options = settings.run;
    options.memo_tables = outcome.memo_tables.get();
    if (outcome.memo_tables) options.memo_bytes = outcome.memo_tables->max_bytes();
    options.threads = outcome.threads;
    options.engine = plan.method.engine;
    options.group = plan.tallied_group();
    options.reduction = options.group ? plan.fixed_reduction() : nullptr;
    options.stop = &stop;
    options.on_finished = [&](std::size_t id, const SubproblemResult& r) {
        record(id, r);
        progress.finished(id, r);
    };
    options.on_started = [&](std::size_t id) {
        started[id] = seconds_since(start);
        progress.started(id);
    };
    options.slice_nodes = kSliceNodes;
    options.on_partial = [&](std::size_t id, const SubproblemResult& r, bool final) {
        progress.progressed(id, r);
        if (partial_due.due(id) || final) record(id, r);
    };
    options.order = order ? &order->order : nullptr;
    if (!settings.checkpoint.empty()) options.layers_file = settings.checkpoint + ".layers";
    options.on_layer = [&](std::size_t id, std::size_t position, std::size_t positions, std::uint64_t states) {
        progress.layer(id, position, positions, states);
    };
    return settings.mpi ? run_split_mpi(plan.matrix(), split, std::move(journal.known), options)
                        : run_split(plan.matrix(), split, std::move(journal.known), options);
}

// Why a run that did not finish stopped, and how to carry on.
void say_why_stopped(const RunReport& report, const Settings& settings, const Stop& stop, bool journaled) {
    const std::vector<std::size_t> share = shard_ids(settings.run.shard_index, settings.run.shard_count, report.results.size());
    const auto done = std::count_if(share.begin(), share.end(), [&](std::size_t id) { return report.results[id].finished; });
    const std::string whose =
        settings.run.shard_count > 1 ? "shard " + shard_text(settings.run.shard_index, settings.run.shard_count) + "'s " : "";
    const std::string why = stop_text(stop);
    std::cerr << "xcount: stopped " << why << ": " << done << " of " << whose << share.size() << " subproblems done"
              << (journaled
                      ? "; run again with the same --checkpoint to resume"
                      : "; the unfinished ones' work is not in the figures (with --checkpoint FILE it is kept, and a run again resumes)")
              << '\n';
}

// A stop before the split was made: nothing counted, and a run again plans again.
Outcome stopped_while_planning(Outcome& outcome, const Stop& stop, std::chrono::steady_clock::time_point start) {
    outcome.total.complete = false;
    outcome.subproblems = 0;
    outcome.seconds = seconds_since(start);
    std::cerr << "xcount: stopped " << stop_text(stop) << " while planning the split (" << seconds_text(outcome.seconds)
              << " s): nothing was counted"
              << (stop.cause() != StopCause::time
                      ? ""
                      : ", and a run with the same limit stops here again: give a longer --time-limit, or --split-depth D to skip the "
                        "search for a depth")
              << '\n';
    return outcome;
}

// The memo table's bound for the problems each symmetry fixes: the count's.
std::size_t memo_bytes_for_fixed(const Settings& settings, const Outcome& outcome) {
    return outcome.memo_tables ? outcome.memo_tables->max_bytes() : settings.run.memo_bytes;
}

// Frees the count's table before Fix(g) is counted: its states are of no use on the problems
// each symmetry fixes, and theirs need the room.
void free_count_table(Outcome& outcome) {
    outcome.memo_tables.reset();
    malloc_trim(0);  // the table's memory back to the system: --max-memory bounds what the process holds
}

// --check-fixed recounts Fix(g) by another engine than a merging one: dlx.
Method recounting_method(const Method& method) { return method.merges() ? Method{EngineKind::dlx, Choice{}} : method; }

// Fix(g) on the problems each symmetry fixes, after the count: a merging engine's only way to
// Fix(g) (it visits no solution; the same engine counts them), and --check-fixed's recount of
// what the count tallied (by another engine than a merging one: dlx).
void count_fixed_apart(const Problem& problem, const Group& group, const Method& method, const Settings& settings, Stop& stop,
                       Outcome& outcome) {
    const std::size_t memo_bytes = memo_bytes_for_fixed(settings, outcome);
    if (method.merges() && outcome.total.complete && settings.run.shard_count == 1) {
        free_count_table(outcome);
        auto fixed = recount_fixed(problem.matrix, group, outcome.total.solutions, method, &stop, memo_bytes, outcome.threads);
        outcome.fixed_recount_stopped = !fixed;
        if (fixed) outcome.fixed = std::move(*fixed);
    }
    if (!outcome.fixed.empty())
        for (std::size_t k = 0; k < group.order(); ++k) outcome.element_names.push_back(group.element(k).name);
    if (settings.check_fixed && outcome.total.complete && !outcome.fixed.empty()) {
        auto recounted =
            recount_fixed(problem.matrix, group, outcome.fixed[0], recounting_method(method), &stop, memo_bytes, outcome.threads);
        outcome.fixed_recount_stopped = !recounted;
        if (recounted) outcome.fixed_recounted = std::move(*recounted);
    }
    if (outcome.fixed_recount_stopped) outcome.fixed_stop = stop_text(stop);
}

// The progress of Fix(g) by class on stderr: on a terminal one line rewritten each second,
// elsewhere a line every `interval` seconds, and the last class always.
class ClassProgress {
public:
    ClassProgress(std::size_t classes, bool shown, double interval)
        : classes_(classes), shown_(shown), interval_(interval), start_(std::chrono::steady_clock::now()), last_(start_) {}

    void counted(std::size_t done) {
        if (!shown_) return;
        const auto now = std::chrono::steady_clock::now();
        if (done < classes_ && std::chrono::duration<double>(now - last_).count() < interval_) return;
        last_ = now;
        std::cerr << (isatty(2) ? "\r" : "") << "Fix(g) by class: " << done << " of " << classes_ << " classes counted, "
                  << seconds_text(seconds_since(start_)) << " s" << (isatty(2) && done < classes_ ? "" : "\n") << std::flush;
    }

private:
    std::size_t classes_;
    bool shown_;
    double interval_;
    std::chrono::steady_clock::time_point start_, last_;
};

// --symmetry full: Fix(g) of one element of each class of the model's whole group, on the
// problem it fixes, by the count's engine (the identity's is the count); --check-fixed recounts
// them as count_fixed_apart does.
void count_classes_apart(const Problem& problem, const ClassedGroup& group, const Method& method, const Settings& settings, Stop& stop,
                         Outcome& outcome, bool show_progress) {
    if (!outcome.total.complete) return;
    const std::size_t memo_bytes = memo_bytes_for_fixed(settings, outcome);
    free_count_table(outcome);
    ClassProgress progress(group.classes.size(), show_progress, isatty(2) ? 1.0 : settings.progress_interval);
    auto fixed = recount_fixed(problem.matrix, group, outcome.total.solutions, method, &stop, memo_bytes, outcome.threads,
                               [&](std::size_t done) { progress.counted(done); });
    if (fixed && settings.check_fixed) {
        auto recounted = recount_fixed(problem.matrix, group, (*fixed)[0], recounting_method(method), &stop, memo_bytes, outcome.threads);
        if (recounted)
            outcome.fixed_recounted = std::move(*recounted);
        else
            fixed.reset();
    }
    outcome.fixed_recount_stopped = !fixed;
    if (!fixed) {
        outcome.fixed_stop = stop_text(stop);
        return;
    }
    outcome.fixed = std::move(*fixed);
    for (const SymmetryClass& c : group.classes) {
        outcome.element_names.push_back(c.element.name);
        outcome.class_sizes.push_back(c.size);
    }
}

// The whole group of --symmetry full, before anything is counted: refused at once where the
// model has none or it is too large to find its classes.
std::optional<ClassedGroup> full_group_of(const Problem& problem, const Settings& settings) {
    if (!settings.full_group) return std::nullopt;
    if (!problem.full_group)
        throw InputError("--symmetry full: " + problem.name +
                         " has no whole group given by classes (sudoku grids without givens and Latin squares not reduced have)");
    try {
        return problem.full_group();
    } catch (const InputError& e) {
        throw InputError("--symmetry full: " + problem.name + ": " + e.what());
    }
}

// "full group of order 3072 (relabelling x ...), in 100 conjugacy classes: ..."
std::string classes_text(const ClassedGroup& group) {
    Count order = 0;
    for (const SymmetryClass& c : group.classes) order += c.size;
    return "full group of order " + to_string(order) + " (" + group.name + "), in " + std::to_string(group.classes.size()) +
           " conjugacy classes: Fix(g) counted for one element of each, on the problem it fixes";
}

// The figures of the run, as rank 0 reports them.
void take_figures(const RunReport& report, const Settings& settings, Outcome& outcome) {
    outcome.total = report.total;
    outcome.fixed = report.fixed;
    outcome.memo = report.memo;
    outcome.largest_share = report.largest_share;
    outcome.slowest = slowest(report, 3);
    if (settings.run.profile) outcome.profile = report.profile;
}

// With --profile: the names of the items that states stored were first open at.
void name_stored_items(const Matrix& matrix, Outcome& outcome) {
    if (!outcome.profile) return;
    for (ItemId item : outcome.profile->stored_item) outcome.stored_items.push_back(matrix.item(item).name);
}

// The memo engine's table bound: --memo-memory, or a quarter of what the process may use, within
// what --max-memory (else all it may use) leaves after the matrix and the engines.
std::size_t memo_bound(const Problem& problem, const Settings& settings, int threads) {
    const auto bound = settings.max_memory_given ? std::optional<std::uint64_t>(settings.max_memory) : std::nullopt;
    return memo_table_bytes(settings.run.memo_bytes, bound, size_of(problem.matrix), threads + 1);
}

// What a count shows on stderr as it goes: the progress line, and the outlook of a long count.
struct Telling {
    bool progress = false;
    bool outlook = false;
    ReportWindow* report = nullptr;  // opened once the run has ended
};

// The count's steps: plan, journal, run, figures, Fix(g), files.
Outcome parallel_count(const Problem& problem, const Settings& settings, Stop& stop, Telling telling) {
    const auto start = std::chrono::steady_clock::now();
    const bool leader = mpi_rank() == 0;  // only rank 0 keeps the journal, writes files and reports
    if (leader) check_output_files(settings);
    Outcome outcome;
    outcome.threads = resolve_threads(settings.run.threads);
    const std::optional<ClassedGroup> full = full_group_of(problem, settings);
    std::optional<Plan> planned;
    try {
        planned = plan_for(problem, settings, outcome.threads, stop);
    } catch (const Stopped&) {
        if (settings.mpi) throw;  // the other ranks wait for the plan: every rank must hear it (main)
        return stopped_while_planning(outcome, stop, start);
    }
    const Plan& plan = *planned;
    if (!full) check_fixed_asked(problem, settings, plan);
    const std::string fingerprint = run_fingerprint(plan.matrix(), plan.split.depth(), fingerprint_mode(plan));
    describe_plan(outcome, plan, settings, problem);
    if (full) outcome.symmetry = classes_text(*full);
    if (leader && telling.outlook) {
        const int all_threads = outcome.threads * std::max(1, mpi_size());
        tell_outlook(outlook_of(problem, plan, all_threads, stop.flag()), plan, all_threads);
    }
    RunJournal journal(settings, leader, fingerprint, plan.split, plan.tallied_group());
    if (settings.mpi) check_same_split_as_rank0(fingerprint, plan.split.size());
    count_resumed(journal, settings, outcome);
    if (plan.method.engine == EngineKind::memo)
        outcome.memo_tables = std::make_shared<MemoTables>(memo_bound(problem, settings, outcome.threads));
    std::vector<double> started(plan.split.size(), -1.0);  // each id is started by one thread
    const RunReport report = run_subproblems(plan, settings, journal, outcome, stop, telling.progress, started);
    if (telling.report) telling.report->open();
    journal.close(outcome.failure);
    if (!leader) return outcome;  // a worker rank: rank 0 has the figures
    take_figures(report, settings, outcome);
    name_stored_items(plan.matrix(), outcome);
    if (const Group* group = plan.fixed_group()) count_fixed_apart(problem, *group, plan.method, settings, stop, outcome);
    if (full) count_classes_apart(problem, *full, plan.method, settings, stop, outcome, telling.progress);
    outcome.seconds = seconds_since(start);
    write_run_files(problem, plan, settings, report, started, fingerprint, outcome);
    if (!outcome.total.complete && outcome.failure.empty()) say_why_stopped(report, settings, stop, journal.open());
    if (outcome.fixed_recount_stopped)
        std::cerr << "xcount: stopped " << outcome.fixed_stop << " while counting Fix(g) on the problems each symmetry fixes: the "
                  << "total is whole, the count up to symmetry (or its check) is not done\n";
    return outcome;
}

// --limit: a sequential preview that stops after so many solutions.
Outcome limited_count(const Problem& problem, const Settings& settings) {
    const auto start = std::chrono::steady_clock::now();
    Outcome outcome;
    const Stop stop(&stop_on_signals(), settings.limits, process_start());
    const Limits limits{.max_solutions = settings.limit, .stop = stop.flag(), .max_nodes = stop.slice(0)};
    LevelProfile profile;
    const Method method = method_of(problem, settings);
    describe_method(outcome, method);
    outcome.total = with_engine_within(method, problem.matrix, method.engine == EngineKind::memo ? memo_bound(problem, settings, 1) : 0,
                                       [&](auto& engine) {
                                           if (settings.run.profile) engine.set_profile(&profile);
                                           return engine.count(limits);
                                       });
    if (settings.run.profile) outcome.profile = profile;
    name_stored_items(problem.matrix, outcome);
    outcome.seconds = seconds_since(start);
    return outcome;
}

}  // namespace

Outcome count_quietly(const Problem& problem, const Settings& settings, Stop& stop) {
    Outcome outcome = parallel_count(problem, settings, stop, {});
    if (!outcome.failure.empty()) throw InputError(outcome.failure);
    if (outcome.fixed_recount_stopped) outcome.total.complete = false;  // the job's check is not done: not verified
    divide_overcount(problem.overcount, outcome);
    return outcome;
}

int count_command(const Problem& problem, const Settings& settings) {
    ReportWindow reporting;  // outlives the outcome, whose table is freed last
    Outcome outcome;
    if (settings.limit && problem.overcount != 1)
        throw InputError(
            "--limit cannot be combined with --copies: each tiling is found once per labelling of the copies, so the "
            "search cannot stop after N tilings; use --node-limit or --time-limit for a partial count");
    if (settings.limit) {
        outcome = limited_count(problem, settings);
    } else {
        Stop stop(&stop_on_signals(), settings.limits, process_start());
        outcome = parallel_count(problem, settings, stop,
                                 {.progress = settings.progress || (!settings.json && isatty(2)), .outlook = true, .report = &reporting});
    }
    if (mpi_rank() != 0) return kExitOk;  // a worker rank prints nothing
    divide_overcount(problem.overcount, outcome);
    print({problem.name, problem.matrix.item_count(), problem.matrix.option_count(), problem.distinct_flag}, settings, outcome);
    if (!outcome.failure.empty()) {
        std::cout.flush();
        std::cerr << "xcount: " << outcome.failure << '\n';
        return kExitBadInput;
    }
    return verdict(settings, outcome);
}

int merge_command(const std::vector<std::string>& files, const Settings& settings) {
    const ShardResult merged = merge_shards(files);
    if (settings.expect_distinct && merged.fixed.empty())
        throw InputError(
            "--expect-distinct: these shards were counted without --symmetry check (or a reduction by the whole group), "
            "so they carry no Fix(g) and there is no distinct count");
    Outcome outcome;
    outcome.total = merged.total;
    outcome.seconds = merged.seconds;
    outcome.depth = merged.depth;
    outcome.subproblems = merged.subproblems;
    outcome.shards_merged = merged.count;
    outcome.element_names = merged.element_names;
    outcome.fixed = merged.fixed;
    if (!merged.fixed.empty())
        outcome.symmetry = "group of order " + std::to_string(merged.fixed.size()) + " (Fix(g) summed over the shards)";
    divide_overcount(merged.overcount, outcome);
    print({merged.problem + " (" + std::to_string(merged.count) + " shards merged)"}, settings, outcome);
    return verdict(settings, outcome);
}

}  // namespace xcount::cli
