// xcount/work_model.hpp: how far along a run is, and how long it still needs, when its
// subproblems differ in size by orders of magnitude.
//
// Each subproblem is weighed by its work in thread-seconds: the actual time once it is
// finished; before that, Knuth's estimate of its updates from random paths below its prefix,
// scaled by how the estimates of the finished ones compared with their actual times (which
// also absorbs an engine's speed per update). A subproblem in flight counts as done for as long
// as it has run, and the time left is never less than what the biggest one in flight still
// needs on its one thread. `xcount count --progress` draws its percentage and ETA from here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace xcount {

// The work of a split's subproblems (thread-seconds): actual where finished, estimated elsewhere.
class WorkModel {
public:
    explicit WorkModel(std::size_t subproblems);
    void add_estimate(std::size_t id, double updates);  // one probe's estimate
    void finished(std::size_t id, double work);         // the actual figure
    std::size_t probes(std::size_t id) const { return probes_[id]; }
    bool is_finished(std::size_t id) const { return finished_[id] != 0; }
    double actual(std::size_t id) const { return actual_[id]; }  // 0 until finished
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

// Where a run stands: `ids` are the subproblems it solves, `running` those in flight with the
// seconds each has run, `since` as for calibrate().
struct ProgressEstimate {
    double percent = 0;                  // of the work, done
    std::optional<double> seconds_left;  // none until 8 subproblems (or half of them) have finished
};
ProgressEstimate estimate_progress(const WorkModel& work, const std::vector<std::size_t>& ids, const std::map<std::size_t, double>& running,
                                   int threads, std::size_t since = 0);

// The same for a run whose order is a stratified random sample (stratified_order; `strata`
// per id): no estimates are needed, the finished subproblems are the sample. A subproblem not
// started is expected to take the mean time of its stratum's finished ones, shrunk towards
// that of all of them (5 to 1 when there is one), each mean that of a log-normal fitted to the
// times over a millisecond (subproblems' times are heavy-tailed: a few big ones that have not
// come up yet are what a plain mean misses) plus the share under it; one in flight for t
// seconds, the mean of T - t over the finished with T > t (t itself while fewer than 3 ran so
// long). How it compares: docs/big-runs.md.
ProgressEstimate estimate_sampled(const WorkModel& work, const std::vector<std::size_t>& ids, const std::map<std::size_t, double>& running,
                                  int threads, const std::vector<std::uint32_t>& strata);

}  // namespace xcount
