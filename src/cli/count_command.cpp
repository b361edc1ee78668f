// `xcount count`: split, solve the subproblems on all threads (resuming from a journal),
// report the total and check it against --expect. `solve --all` on the same machinery.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <chrono>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <stdexcept>

#include "cli.hpp"
#include "commands.hpp"
#include "count_report.hpp"
#include "json.hpp"
#include "progress.hpp"
#include "signals.hpp"
#include "xcount/cells.hpp"
#include "xcount/distributed.hpp"
#include "xcount/estimate.hpp"
#include "xcount/journal.hpp"
#include "xcount/plan.hpp"
#include "xcount/shard.hpp"
#include "xcount/text_file.hpp"

namespace xcount::cli {

namespace {

// A subproblem is walked in slices of this many nodes (a tenth of a second to half a second),
// between which its progress can be shown and journaled; each slice replays the prefix and
// the position, a cost lost in the noise at this size.
constexpr std::uint64_t kSliceNodes = std::uint64_t{1} << 20;

// When a long subproblem's progress goes to the journal: a tenth of the time it has run in
// this process, at least a second and at most a minute apart (and always when the run stops
// inside it). A kill loses at most that, and a week-long subproblem writes about a line a
// minute.
class PartialSchedule {
public:
    bool due(std::size_t id) {
        const auto now = std::chrono::steady_clock::now();
        const auto [it, first] = times_.try_emplace(id, Times{now, now});
        const auto interval = std::clamp<std::chrono::steady_clock::duration>((now - it->second.first_seen) / 10, std::chrono::seconds(1),
                                                                              std::chrono::minutes(1));
        if (first || now - it->second.written < interval) return false;
        it->second.written = now;
        return true;
    }

private:
    struct Times {
        std::chrono::steady_clock::time_point first_seen, written;
    };
    std::map<std::size_t, Times> times_;
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// One line per finished subproblem: its figures, when this run started it (seconds after the
// run began; absent if an earlier run did) and the plan's estimate of its updates (a long count's).
void write_subproblem_stats(const std::string& path, const Plan& plan, const RunReport& report, const std::vector<double>& started) {
    std::string lines;
    for (std::size_t id = 0; id < plan.split.size(); ++id) {
        const SubproblemResult& r = report.results[id];
        if (!r.finished) continue;
        std::string prefix = "[";
        for (OptionId o : plan.split.prefix(id)) prefix += (prefix.size() > 1 ? ", " : "") + std::to_string(o);
        JsonObject line;
        line.field("id", std::uint64_t{id})
            .raw("prefix", prefix + "]")
            .field("solutions", r.stats.solutions)
            .field("updates", r.stats.updates)
            .field("nodes", r.stats.nodes)
            .field("seconds", r.seconds);
        if (started[id] >= 0) line.field("started", started[id]);
        if (!plan.work.empty()) line.field("estimated_updates", plan.work[id]);
        lines += line.str() + '\n';
    }
    write_text_file(path, lines);
}

// --expect-distinct is a promise to check the count up to symmetry: refused before the run
// when this run will not count Fix(g).
void check_distinct_expected(const Problem& problem, const Settings& settings, const Plan& plan) {
    if (!settings.expect_distinct || plan.fixed_group()) return;
    if (problem.symmetries.empty())
        throw InputError("--expect-distinct: " + problem.name +
                         " has no symmetry group (a DLX file, or a model without one), so nothing is counted up to symmetry");
    if (plan.mode == SymmetryMode::reduce)
        throw InputError(
            "--expect-distinct: this reduction keeps only part of the group (no item or small orbit of items is fixed "
            "by every symmetry), so no Fix(g) is counted: use --symmetry check");
    throw InputError("--expect-distinct needs --symmetry check: with --symmetry none no Fix(g) is counted, so there is no distinct count");
}

// Under MPI every rank must have cut the same matrix the same way, or the ids it is handed
// would mean other subproblems there (a rank that read other files, or another version).
void check_same_split_as_rank0(const std::string& fingerprint, std::size_t subproblems) {
    const std::string mine = fingerprint + " with " + std::to_string(subproblems) + " subproblems";
    const std::string rank0 = mpi_agree("", 0, mine);
    if (mine != rank0)
        throw InputError("this rank split another problem (fingerprint " + mine + ") than rank 0 (" + rank0 +
                         "): do all ranks read the same files?");
    mpi_agree("");
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

// The split depth a resumed run must use, when the journal says and the user does not.
std::optional<int> required_depth(const Settings& settings) {
    if (settings.plan.depth) return settings.plan.depth;
    if (!settings.checkpoint.empty())
        if (const auto header = read_journal_header(settings.checkpoint)) return header->depth;
    return std::nullopt;
}

// The library's plan, asked for as the flags say. Shards run on machines with different core
// counts, yet must cut the tree alike: their automatic depth depends on K only (256
// subproblems per shard); likewise MPI ranks. Under MPI rank 0 alone decides the depth (it
// alone may see the journal) and tells the others; a rank that never gets there (it failed)
// makes every rank fail in mpi_agree.
Plan plan_for(const Problem& problem, const Settings& settings, int threads, const Stop& stop) {
    if (settings.plan.symmetry != SymmetryMode::automatic && settings.plan.symmetry != SymmetryMode::none && problem.symmetries.empty())
        throw InputError("--symmetry: " + problem.name + " has no symmetry group (a DLX file, or a model without one)");
    const bool mpi_worker = settings.mpi && mpi_rank() != 0;
    std::size_t subproblems = 64 * static_cast<std::size_t>(threads);
    if (!settings.out.empty()) subproblems = 256 * settings.run.shard_count;
    if (settings.mpi) subproblems = 256 * static_cast<std::size_t>(mpi_size());
    PlanRequest request = settings.plan;
    request.depth = mpi_worker ? std::optional<int>(std::stoi(mpi_agree(""))) : required_depth(settings);
    request.subproblems = subproblems;
    request.stop = stop.flag();
    request.merging = resolves_to_memo(settings.run.engine, problem.matrix, settings.plan.choice);
    Plan plan = make_plan(problem.matrix, problem.symmetries, request);
    if (!plan.warning.empty()) std::cerr << "xcount: warning: " << plan.warning << '\n';
    if (settings.mpi && !mpi_worker) mpi_agree("", 0, std::to_string(plan.split.depth()));
    return plan;
}

// A run's --checkpoint journal (kept by rank 0 only), with what it already held. A write that
// fails (a full disk) stops the run; the journal, cut back to its last whole line, stays valid,
// and the failure is the outcome's.
class RunJournal {
public:
    RunJournal(const Settings& settings, bool leader, const std::string& fingerprint, const Split& split, const Group* checking)
        : subproblems_(split.size()) {
        if (settings.checkpoint.empty() || !leader) return;
        journal_ = std::make_unique<Journal>(
            settings.checkpoint,
            JournalHeader{fingerprint, split.depth(), split.size(), checking ? checking->order() : 0, settings.run.shard_index,
                          settings.run.shard_count, split.above().updates, split.above().nodes},
            known);
    }
    std::vector<SubproblemResult> known;  // per id, what earlier runs did (empty without a journal)

    bool open() const { return journal_ != nullptr; }
    void record(std::size_t id, const SubproblemResult& r, std::string& failure, Stop& stop) {
        if (!journal_ || !failure.empty()) return;
        try {
            journal_->record(id, r);
        } catch (const JournalError& e) {
            failure = e.what();
            stop.raise();
        }
    }
    // Synced to the disk; a failure says what the journal still holds.
    void close(std::string& failure) {
        if (!journal_) return;
        if (failure.empty()) {
            try {
                journal_->sync();
            } catch (const JournalError& e) {
                failure = e.what();
            }
        }
        if (!failure.empty())
            failure += "; the journal holds " + std::to_string(journal_->recorded()) + " of the " + std::to_string(subproblems_) +
                       " subproblems and is valid: make room and run again with the same --checkpoint to resume";
    }

private:
    std::size_t subproblems_;
    std::unique_ptr<Journal> journal_;
};

// The engine the settings resolve to on this matrix, and the unit its updates are counted in.
void describe_engine(Outcome& outcome, const Matrix& matrix, const Settings& settings) {
    const EngineKind engine = resolve_engine(settings.run.engine, matrix, settings.plan.choice);
    outcome.engine = engine_name(engine);
    outcome.updates_unit = updates_unit(engine, settings.plan.choice);
}

// What the outcome says of the plan before anything runs.
void describe_plan(Outcome& outcome, const Plan& plan, const Settings& settings) {
    outcome.depth = plan.split.depth();
    outcome.subproblems = plan.split.size();
    describe_engine(outcome, plan.matrix(), settings);
    outcome.symmetry = plan.note;
    if (settings.plan.choice.rule != ChooseRule::mrv) outcome.choice = choice_text(settings.plan.choice);
    outcome.shard_index = settings.run.shard_index;
    outcome.shard_count = settings.run.shard_count;
}

// The subproblems of this process (its shard, or its MPI share), on its threads, each result
// into the journal and the progress display; `started` gets when each began.
RunReport run_subproblems(const Plan& plan, const Group* tallied, const Settings& settings, RunJournal& journal, Outcome& outcome,
                          Stop& stop, bool show_progress, std::vector<double>& started) {
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
    options.threads = outcome.threads;
    options.group = tallied;
    options.reduction = tallied ? plan.fixed_reduction() : nullptr;
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
    return settings.mpi ? run_split_mpi(plan.matrix(), split, std::move(journal.known), options)
                        : run_split(plan.matrix(), split, std::move(journal.known), options);
}

// The statistics file and the shard result file, when asked for. The figures are printed
// whatever happens to these files: a failed write costs the file, not the count.
void write_run_files(const Problem& problem, const Plan& plan, const Settings& settings, const RunReport& report,
                     const std::vector<double>& started, const std::string& fingerprint, Outcome& outcome) {
    try {
        if (!settings.subproblem_stats.empty()) write_subproblem_stats(settings.subproblem_stats, plan, report, started);
        if (!settings.out.empty() && outcome.total.complete) {
            double thread_seconds = 0;  // on the shard's subproblems, in every run that counted them (the journal's too)
            for (std::size_t id : report.own) thread_seconds += as_journaled(report.results[id].seconds);
            write_shard(settings.out, ShardResult{fingerprint, plan.split.depth(), plan.split.size(), settings.run.shard_index,
                                                  settings.run.shard_count, problem.name, report.total, thread_seconds, problem.overcount,
                                                  outcome.element_names, report.fixed, report.own});
        }
    } catch (const InputError& e) {
        if (outcome.failure.empty()) outcome.failure = e.what();
    }
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

// Fix(g) on the problems each symmetry fixes, after the count: the memo engine's only way to
// Fix(g) (it visits no solution), and --check-fixed's recount of what the count tallied.
void count_fixed_apart(const Problem& problem, const Group& group, bool merging, const Settings& settings, const Stop& stop,
                       Outcome& outcome) {
    if (merging && outcome.total.complete && settings.run.shard_count == 1) {
        auto fixed = recount_fixed(problem.matrix, group, outcome.total.solutions, stop.flag(), EngineKind::memo);
        outcome.fixed_recount_stopped = !fixed;
        if (fixed) outcome.fixed = std::move(*fixed);
    }
    if (!outcome.fixed.empty())
        for (std::size_t k = 0; k < group.order(); ++k) outcome.element_names.push_back(group.element(k).name);
    if (settings.check_fixed && outcome.total.complete && !outcome.fixed.empty()) {
        auto recounted =
            recount_fixed(problem.matrix, group, outcome.fixed[0], stop.flag(), merging ? EngineKind::dlx : EngineKind::automatic);
        outcome.fixed_recount_stopped = !recounted;
        if (recounted) outcome.fixed_recounted = std::move(*recounted);
    }
}

Outcome parallel_count(const Problem& problem, const Settings& given, Stop& stop, bool show_progress) {
    const Settings settings = with_choice_resolved(given, problem);
    const auto start = std::chrono::steady_clock::now();
    const bool leader = mpi_rank() == 0;  // only rank 0 keeps the journal, writes files and reports
    if (leader && !settings.out.empty()) check_output_path(settings.out, "xcount-shard", "shard result file");
    if (leader && !settings.subproblem_stats.empty()) check_output_path(settings.subproblem_stats, "{", "subproblem statistics file");
    Outcome outcome;
    outcome.threads = resolve_threads(settings.run.threads);
    std::optional<Plan> planned;
    try {
        planned = plan_for(problem, settings, outcome.threads, stop);
    } catch (const Stopped&) {
        if (settings.mpi) throw;  // the other ranks wait for the plan: every rank must hear it (main)
        return stopped_while_planning(outcome, stop, start);
    }
    const Plan& plan = *planned;
    check_distinct_expected(problem, settings, plan);
    const Group* checking = plan.fixed_group();
    // The memo engine visits no solution: it counts Fix(g) on the problems the symmetries fix.
    const bool merging = resolves_to_memo(settings.run.engine, plan.matrix(), settings.plan.choice);
    const Group* tallied = merging ? nullptr : checking;
    if (settings.check_fixed && (!checking || problem.matrix.has_colours() || problem.matrix.has_multiplicities()))
        throw InputError(checking ? "--check-fixed: the problems fixed by the symmetries are built only for matrices without colours or "
                                    "multiplicities"
                                  : "--check-fixed: this count finds no Fix(g) to recount (see --expect-distinct)");
    const std::string fingerprint = run_fingerprint(plan.matrix(), plan.split.depth(), fingerprint_mode(plan));
    describe_plan(outcome, plan, settings);
    if (outcome.symmetry.empty() && settings.plan.symmetry != SymmetryMode::none && !problem.no_symmetry.empty())
        outcome.symmetry = "none: " + problem.no_symmetry;  // so that the missing count up to symmetry is explained

    RunJournal journal(settings, leader, fingerprint, plan.split, tallied);
    if (settings.mpi) check_same_split_as_rank0(fingerprint, plan.split.size());
    for (std::size_t id : shard_ids(settings.run.shard_index, settings.run.shard_count, journal.known.size())) {
        outcome.resumed += journal.known[id].finished ? 1 : 0;
        outcome.resumed_partly += journal.known[id].partial() ? 1 : 0;
    }
    std::vector<double> started(plan.split.size(), -1.0);  // each id is started by one thread
    const RunReport report = run_subproblems(plan, tallied, settings, journal, outcome, stop, show_progress, started);
    journal.close(outcome.failure);
    if (!leader) return outcome;  // a worker rank: rank 0 has the figures

    outcome.total = report.total;
    outcome.fixed = report.fixed;
    outcome.memo = report.memo;
    if (checking) count_fixed_apart(problem, *checking, merging, settings, stop, outcome);
    outcome.slowest = slowest(report, 3);
    if (settings.run.profile) outcome.profile = report.profile;
    outcome.seconds = seconds_since(start);
    write_run_files(problem, plan, settings, report, started, fingerprint, outcome);
    if (!outcome.total.complete && outcome.failure.empty()) say_why_stopped(report, settings, stop, journal.open());
    return outcome;
}

// --limit: a sequential preview that stops after so many solutions.
Outcome limited_count(const Problem& problem, const Settings& given) {
    const Settings settings = with_choice_resolved(given, problem);
    const auto start = std::chrono::steady_clock::now();
    Outcome outcome;
    const Stop stop(&stop_on_signals(), settings.limits, process_start());
    const Limits limits{.max_solutions = settings.limit, .stop = stop.flag(), .max_nodes = stop.slice(0)};
    LevelProfile profile;
    describe_engine(outcome, problem.matrix, settings);
    outcome.total = with_engine(
        settings.run.engine, problem.matrix,
        [&](auto& engine) {
            if (settings.run.profile) engine.set_profile(&profile);
            return engine.count(limits);
        },
        settings.plan.choice);
    if (settings.run.profile) outcome.profile = profile;
    outcome.seconds = seconds_since(start);
    return outcome;
}

}  // namespace

Outcome count_quietly(const Problem& problem, const Settings& settings, Stop& stop) {
    Outcome outcome = parallel_count(problem, settings, stop, false);
    if (!outcome.failure.empty()) throw InputError(outcome.failure);
    if (outcome.fixed_recount_stopped) outcome.total.complete = false;  // the job's check is not done: not verified
    divide_overcount(problem.overcount, outcome);
    return outcome;
}

int count_command(const Problem& problem, const Settings& settings) {
    Outcome outcome;
    if (settings.limit && problem.overcount != 1)
        throw InputError(
            "--limit cannot be combined with --copies: each tiling is found once per labelling of the copies, so the "
            "search cannot stop after N tilings; use --node-limit or --time-limit for a partial count");
    if (settings.limit) {
        outcome = limited_count(problem, settings);
    } else {
        Stop stop(&stop_on_signals(), settings.limits, process_start());
        outcome = parallel_count(problem, settings, stop, settings.progress || (!settings.json && isatty(2)));
    }
    if (mpi_rank() != 0) return kExitOk;  // a worker rank prints nothing
    divide_overcount(problem.overcount, outcome);
    print({problem.name, problem.matrix.item_count(), problem.matrix.option_count()}, settings, outcome);
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

namespace xcount::cli {

namespace {

// Where solve --all's solutions go: stdout, or a file a resumed run cuts back to the length its
// journal vouches for (its lines are counted again, so the numbering carries on).
class SolutionsOut {
public:
    SolutionsOut(const std::string& path, std::optional<std::uint64_t> vouched) : path_(path) {
        if (path.empty()) return;
        fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd_ < 0) throw InputError(path + ": cannot open the solutions file: " + std::strerror(errno));
        struct stat st {};
        if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) throw InputError(path + ": not a regular file, so no solutions file");
        const std::uint64_t keep = vouched.value_or(0);
        if (static_cast<std::uint64_t>(st.st_size) < keep)
            throw InputError(path + ": holds " + std::to_string(st.st_size) + " bytes, but the journal says " + std::to_string(keep) +
                             " were written: not that run's solutions file (give the file the journal's run wrote)");
        if (::ftruncate(fd_, static_cast<off_t>(keep)) != 0 || ::lseek(fd_, static_cast<off_t>(keep), SEEK_SET) < 0)
            throw InputError(path + ": cannot cut the solutions file back to " + std::to_string(keep) + " bytes: " + std::strerror(errno));
        length_ = keep;
        count_lines(keep);
    }
    ~SolutionsOut() {
        if (fd_ >= 0) ::close(fd_);
    }
    SolutionsOut(const SolutionsOut&) = delete;
    SolutionsOut& operator=(const SolutionsOut&) = delete;

    Count lines() const { return lines_; }
    std::uint64_t length() const { return length_; }
    // Writes the block whole (to the kernel: it survives kill -9) before anything journals it.
    void write(const std::string& block, Count lines) {
        if (fd_ < 0) {
            if (std::fwrite(block.data(), 1, block.size(), stdout) != block.size() || std::fflush(stdout) != 0)
                throw InputError(std::string("cannot write the solutions to stdout: ") + std::strerror(errno));
        } else if (!write_all(fd_, block)) {
            throw InputError(path_ + ": cannot write the solutions: " + std::strerror(errno));
        }
        length_ += block.size();
        lines_ += lines;
    }

private:
    void count_lines(std::uint64_t bytes) {
        std::ifstream in = open_to_read(path_, "cannot read the solutions file");
        char buffer[1 << 16];
        while (bytes > 0 && in.read(buffer, static_cast<std::streamsize>(std::min<std::uint64_t>(sizeof buffer, bytes)))) {
            bytes -= static_cast<std::uint64_t>(in.gcount());
            lines_ += static_cast<std::uint64_t>(std::count(buffer, buffer + in.gcount(), '\n'));
        }
    }

    std::string path_;
    int fd_ = -1;
    std::uint64_t length_ = 0;
    Count lines_ = 0;
};

// --distinct: a solution is written when it is the least of its images under the group (as
// sorted lists of options), which exactly one member of each orbit is.
bool least_in_orbit(const Group& group, std::span<const OptionId> solution) {
    std::vector<OptionId> mine(solution.begin(), solution.end()), image;
    std::sort(mine.begin(), mine.end());
    for (std::size_t g = 1; g < group.order(); ++g) {
        image.clear();
        for (OptionId o : mine) image.push_back(group.element(g).options[o]);
        std::sort(image.begin(), image.end());
        if (image < mine) return false;
    }
    return true;
}

// What the tally line says of the stream that ended.
std::string stream_tally(const Settings& settings, const Group* group, Count lines, bool complete) {
    std::string text = "xcount: " + to_string(lines) + (lines == 1 ? " solution" : " solutions");
    if (group) text += ", one per orbit of the group of " + std::to_string(group->order());
    if (settings.run.shard_count > 1) text += ", of shard " + shard_text(settings.run.shard_index, settings.run.shard_count);
    if (!settings.out.empty()) text += ", in " + settings.out;
    if (complete) return text + " (all of them)";
    return text + (settings.checkpoint.empty() ? " (stopped: not all of them)"
                                               : " (stopped: not all of them; run again with the same --checkpoint and --out to carry on)");
}

}  // namespace

int stream_all(const Problem& problem, const Settings& given) {
    Settings settings = with_choice_resolved(given, problem);
    if (settings.distinct && problem.symmetries.empty())
        throw InputError("--distinct: " + problem.name +
                         " has no symmetry group (a DLX file, or a model without one): every solution is its own orbit");
    settings.plan.symmetry = settings.distinct ? SymmetryMode::check : SymmetryMode::none;  // a reduction would leave solutions out
    Stop stop(&stop_on_signals());
    const int threads = resolve_threads(settings.run.threads);
    std::optional<Plan> planned;
    try {
        planned = plan_for(problem, settings, threads, stop);
    } catch (const Stopped&) {
        std::cerr << "xcount: stopped while planning the split: no solution written\n";
        return kExitPartial;
    }
    const Plan& plan = *planned;
    const Group* group = settings.distinct ? plan.fixed_group() : nullptr;
    if (settings.distinct && !group) throw InputError("--distinct: the model's symmetries do not form a group of this matrix");
    const std::string mode = fingerprint_mode(plan) + (settings.distinct ? "+stream-distinct" : "+stream");
    RunJournal journal(settings, true, run_fingerprint(plan.matrix(), plan.split.depth(), mode), plan.split, nullptr);
    std::optional<std::uint64_t> vouched;  // the file's length after the last subproblem the journal holds
    for (SubproblemResult& r : journal.known) {
        if (r.finished && r.streamed_to) vouched = std::max(vouched.value_or(0), *r.streamed_to);
        if (!r.finished) r = SubproblemResult{};  // its solutions before the position were never written: from the start
    }
    SolutionsOut out(settings.out, vouched);

    std::vector<std::vector<OptionId>> found(plan.split.size());  // per subproblem, its solutions' options, each list ended by kEnd
    constexpr OptionId kEnd = std::numeric_limits<OptionId>::max();
    std::string failure;
    RunOptions options = settings.run;
    options.threads = threads;
    options.on_solution = [&](std::size_t id, std::span<const OptionId> solution) {
        if (group && !least_in_orbit(*group, solution)) return;
        found[id].insert(found[id].end(), solution.begin(), solution.end());
        found[id].push_back(kEnd);
    };
    options.stop = &stop;
    options.on_finished = [&](std::size_t id, const SubproblemResult& r) {
        if (!failure.empty()) return;
        std::string block;
        Count lines = 0;
        for (auto begin = found[id].begin(); begin != found[id].end();) {
            const auto end = std::find(begin, found[id].end(), kEnd);
            ++lines;
            block += solution_line(problem, std::span<const OptionId>(&*begin, static_cast<std::size_t>(end - begin)), out.lines() + lines,
                                   settings.json, "") +
                     '\n';
            begin = end + 1;
        }
        std::vector<OptionId>().swap(found[id]);
        try {
            out.write(block, lines);
        } catch (const InputError& e) {
            failure = e.what();
            stop.raise();
            return;
        }
        SubproblemResult recorded = r;
        if (!settings.out.empty()) recorded.streamed_to = out.length();
        journal.record(id, recorded, failure, stop);
    };
    const RunReport report = run_split(plan.matrix(), plan.split, std::move(journal.known), options);
    journal.close(failure);
    if (!failure.empty()) {
        std::cerr << "xcount: " << failure << '\n';
        return kExitBadInput;
    }
    std::cerr << stream_tally(settings, group, out.lines(), report.total.complete) << '\n';
    return report.total.complete ? kExitOk : kExitPartial;
}

}  // namespace xcount::cli
