// src/cli/progress.hpp: a one-line progress display on stderr, redrawn at most four times a
// second by its own thread:
//
//     [ 41.5%] 733/1771 subproblems | 3871 solutions | 281.4 M updates/s | 0:12 elapsed | ETA 0:17
//
// Subproblems differ in size by orders of magnitude, so the percentage and the ETA weigh each
// one by its work in thread-seconds: the actual time once it is finished, before that Knuth's
// estimate of its updates from random paths below its prefix (taken by the display's own
// thread between redraws), scaled by how the estimates of the finished ones compared with
// their actual times (which also absorbs an engine's speed per update). A subproblem in flight
// counts as done for as long as it has run, and the ETA is never less than the time the
// biggest one in flight still needs on its one thread.
#pragma once

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <thread>
#include <vector>

#include "xcount/dancer.hpp"
#include "xcount/runner.hpp"
#include "xcount/split.hpp"

namespace xcount::cli {

// The work of a split's subproblems (thread-seconds for the display): actual where finished,
// estimated elsewhere.
class WorkModel {
public:
    explicit WorkModel(std::size_t subproblems);
    void add_estimate(std::size_t id, double updates);  // one probe's estimate
    void finished(std::size_t id, double work);         // the actual figure
    std::size_t probes(std::size_t id) const { return probes_[id]; }
    bool is_finished(std::size_t id) const { return finished_[id] != 0; }
    std::size_t finished_count() const { return finished_count_; }
    double finished_total(const std::vector<std::size_t>& ids) const;  // their actual work

    // A subproblem's estimate is the geometric mean of its probes to the power 3/4: Knuth's
    // estimator is unbiased but heavy-tailed (one probe in a hundred can be a thousand times
    // the rest), and the geometric mean is steady where the arithmetic one jumps; the power
    // shrinks the noisy spread of the estimates towards their centre, and `ratio` (actual /
    // estimated over the finished subproblems) takes out the bias of both. A subproblem not
    // probed yet counts as `typical`, the average of those that were (or of the finished
    // ones). How the alternatives measured: docs/big-runs.md.
    struct Calibration {
        double ratio = 1, typical = 0;
    };
    // `since`: when at least 8 subproblems finished after the since-th one, only they set the
    // ratio (the probing took more CPU from the threads before; see ProgressDisplay).
    Calibration calibrate(const std::vector<std::size_t>& ids, std::size_t since = 0) const;
    double expected(std::size_t id, const Calibration& c) const;  // work, calibrated

private:
    double estimate(std::size_t id) const;  // uncalibrated; 0 without probes

    std::vector<double> estimate_sum_, actual_;  // estimate_sum_: of log(1 + probe)
    std::vector<std::size_t> probes_;
    std::vector<std::uint32_t> finished_;  // 0: open; else its place in the order of finishing
    std::size_t finished_count_ = 0;
};

class ProgressDisplay {
public:
    // `ids`: the subproblems this process solves; `known`: results from a journal.
    ProgressDisplay(const Matrix& matrix, const Split& split, std::vector<std::size_t> ids, const std::vector<SubproblemResult>& known,
                    int threads, bool enabled);
    ~ProgressDisplay();  // erases the line
    ProgressDisplay(const ProgressDisplay&) = delete;
    ProgressDisplay& operator=(const ProgressDisplay&) = delete;

    void started(std::size_t id);
    void progressed(std::size_t id, const SubproblemResult& partial);  // a slice of a long one done
    void finished(std::size_t id, const SubproblemResult& result);

private:
    void draw();
    void loop();
    void probe_for(std::chrono::milliseconds budget);

    const Split& split_;
    const std::vector<std::size_t> ids_;
    const int threads_;
    std::size_t resumed_ = 0;
    const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    std::mutex mutex_;
    std::condition_variable wake_;
    bool quit_ = false;
    std::size_t done_ = 0;
    Count solutions_ = 0;
    std::uint64_t updates_ = 0;                   // this run's, in finished subproblems
    std::map<std::size_t, SearchStats> before_;   // partial subproblems resumed: their figures from earlier runs
    std::map<std::size_t, SearchStats> partial_;  // subproblems in flight: this run's figures so far
    WorkModel work_;
    std::map<std::size_t, std::chrono::steady_clock::time_point> in_flight_;  // id: when it started
    std::optional<Dancer> prober_;                                            // the display thread's own engine for the estimates
    std::mt19937_64 rng_{0x9e3779b97f4a7c15ULL};
    std::size_t next_probe_ = 0;  // round-robin position in ids_
    std::size_t probes_taken_ = 0;
    std::size_t calibrate_since_ = 0;  // finished subproblems when the probing eased off (0: not yet)
    std::thread thread_;
};

}  // namespace xcount::cli
