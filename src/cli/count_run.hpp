// src/cli/count_run.hpp: what `count` and `solve --all` share on the count's machinery: the
// plan the flags ask for, the run's journal, and the files a count writes beside its figures.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "count_report.hpp"
#include "problem.hpp"
#include "settings.hpp"
#include "xcount/journal.hpp"
#include "xcount/plan.hpp"
#include "xcount/runner.hpp"
#include "xcount/stop.hpp"

namespace xcount::cli {

double seconds_since(std::chrono::steady_clock::time_point start);

// The library's plan, asked for as the flags say, with the model's preference of rule; the
// engine and rule are the plan's (decide_method). Under MPI rank 0 alone decides the depth (it
// alone may see the journal) and tells the others; a rank that never gets there (it failed)
// makes every rank fail in mpi_agree. Stopped when the stop rises first.
Plan plan_for(const Problem& problem, const Settings& settings, int threads, const Stop& stop);

// --expect-distinct and --check-fixed are promises about Fix(g): refused before the run when
// this plan will not count it.
void check_fixed_asked(const Problem& problem, const Settings& settings, const Plan& plan);

// Under MPI every rank must have cut the same matrix the same way, or the ids it is handed
// would mean other subproblems there (a rank that read other files, or another version).
void check_same_split_as_rank0(const std::string& fingerprint, std::size_t subproblems);

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

// The statistics file and the shard result file, when asked for. The figures are printed
// whatever happens to these files: a failed write costs the file, not the count. `started`:
// per subproblem, when this run began it (seconds; -1: an earlier run did).
void write_run_files(const Problem& problem, const Plan& plan, const Settings& settings, const RunReport& report,
                     const std::vector<double>& started, const std::string& fingerprint, Outcome& outcome);

}  // namespace xcount::cli
