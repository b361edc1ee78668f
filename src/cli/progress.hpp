// src/cli/progress.hpp: a one-line progress display on stderr, redrawn at most four times a
// second by its own thread:
//
//     [ 41.5%] 733/1771 subproblems | 3871 solutions | 281.4 M updates/s | 0:12 elapsed | ETA 0:17
//
// The percentage and the ETA come from the library's work model (xcount/work_model.hpp): for a
// run in a sampled order (schedule()'s strata), from the subproblems finished alone; otherwise
// the display's own thread takes the random paths below each prefix that it needs, between redraws.
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
#include "xcount/work_model.hpp"

namespace xcount::cli {

// The percentage the line shows: 100.0 only when every subproblem is done, the estimate
// (within 0..99.9) before.
double shown_percent(double estimate, bool all_done);

class ProgressDisplay {
public:
    // `ids`: the subproblems this process solves; `known`: results from a journal. With
    // `log_every` > 0 the line is not redrawn (a terminal's way) but written as a plain line of
    // its own every that many seconds (a log's way: no control characters). `strata`: each
    // id's stratum when the run takes them in a stratified random order (empty: it does not).
    ProgressDisplay(const Matrix& matrix, const Split& split, std::vector<std::size_t> ids, const std::vector<SubproblemResult>& known,
                    int threads, bool enabled, double log_every = 0, std::vector<std::uint32_t> strata = {});
    ~ProgressDisplay();  // erases the line
    ProgressDisplay(const ProgressDisplay&) = delete;
    ProgressDisplay& operator=(const ProgressDisplay&) = delete;

    void started(std::size_t id);
    void progressed(std::size_t id, const SubproblemResult& partial);  // a slice of a long one done
    void finished(std::size_t id, const SubproblemResult& result);
    // A count by layers at `position` of `positions`, with `states` in its layer there.
    void layer(std::size_t id, std::size_t position, std::size_t positions, std::uint64_t states);

private:
    void draw();
    void loop();
    void probe_for(std::chrono::milliseconds budget);

    const Split& split_;
    const std::vector<std::size_t> ids_;
    const int threads_;
    const double log_every_;  // seconds between plain lines (0: redraw in place)
    const std::vector<std::uint32_t> strata_;
    double logged_at_ = -1e300;  // elapsed seconds at the last plain line (the first one is written at once)
    std::size_t resumed_ = 0;
    const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    std::mutex mutex_;
    std::condition_variable wake_;
    bool quit_ = false;
    std::size_t done_ = 0;
    Count solutions_ = 0;                         // weighted (--symmetry reduce): each subproblem's solutions times its orbit's size
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
    struct Layer {
        std::size_t position = 0, positions = 0;
        std::uint64_t states = 0;
    };
    std::map<std::size_t, Layer> layers_;  // subproblems counted by layers, in flight: where they are
    std::thread thread_;
};

}  // namespace xcount::cli
