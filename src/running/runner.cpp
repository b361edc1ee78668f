#include "xcount/runner.hpp"

#include <omp.h>

#include <chrono>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>

namespace xcount {

int resolve_threads(int requested) { return requested > 0 ? requested : omp_get_num_procs(); }

namespace {

// Catches what a thread throws, keeping the first failure for the caller: no exception may
// leave an OpenMP region (or an `omp for` body), where it would terminate the process.
class ThreadFailures {
public:
    void keep(std::exception_ptr error) {
        std::lock_guard<std::mutex> lock(lock_);
        if (!error_) error_ = error;
        failed_ = true;
    }
    bool failed() const { return failed_.load(std::memory_order_relaxed); }
    void rethrow() const {
        if (error_) std::rethrow_exception(error_);
    }

private:
    std::mutex lock_;
    std::exception_ptr error_;
    std::atomic<bool> failed_{false};
};

// What the run's threads share: the engine's Shared where it has one (memo.hpp's table), else nothing.
template <class Engine>
struct NothingShared {
    NothingShared(std::size_t, MemoTables*) {}
    void lend(Engine&) {}
    static void vary(Engine&, std::size_t) {}
    MemoFigures figures() const { return {}; }
};
template <class Engine>
struct SharedOf {
    using type = NothingShared<Engine>;
};
template <class Engine>
requires requires { typename Engine::Shared; }
struct SharedOf<Engine> {
    using type = typename Engine::Shared;
};

// An engine whose threads can share one subproblem (the frontier engine's layers).
template <class Engine>
concept SharesThreads = requires(Engine& engine) {
    engine.set_threads(2);
};
// An engine that counts by layers, saving them as it goes (the frontier engine).
template <class Engine>
concept CountsByLayers = requires(Engine& engine) {
    engine.save_layers_to(std::string());
};

// The order in which the threads take this run's subproblems: by id, or as `order` says (any
// it leaves out, last).
std::vector<std::size_t> schedule_of(const std::vector<std::size_t>& own, const std::vector<std::size_t>* order, std::size_t size) {
    if (!order) return own;
    std::vector<char> mine(size, 0);
    for (std::size_t id : own) mine[id] = 1;
    std::vector<std::size_t> schedule;
    for (std::size_t id : *order)
        if (id < size && mine[id]) schedule.push_back(id), mine[id] = 0;
    for (std::size_t id : own)
        if (mine[id]) schedule.push_back(id);
    return schedule;
}

// A thread's tally of Fix(g) over the solutions it visits: directly, or below a reduction, where
// each solution of a representative stands for its orbit's (the subproblem's transversal).
class FixedTally {
public:
    explicit FixedTally(const RunOptions& options)
        : group_(options.group), reduction_(options.reduction), mark_(group_ ? group_->element(0).options.size() : 0) {}
    // Before walking subproblem `prefix`, whose orbit has `weight` members.
    void enter(std::span<const OptionId> prefix, Count weight) {
        if (!group_ || !reduction_) return;
        transversal_ = reduction_->transversal(prefix);
        if (transversal_.size() != weight) throw std::logic_error("run_split: a subproblem's orbit is not its weight");
    }
    void add(std::span<const OptionId> solution, std::span<Count> fixed) {
        if (!reduction_) return group_->count_fixed(solution, fixed, mark_, stamp_);
        original_.clear();
        for (OptionId o : solution) original_.push_back(reduction_->original_id(o));
        group_->count_fixed_below(original_, transversal_, fixed, mark_, stamp_);
    }

private:
    const Group* group_;
    const Reduction* reduction_;
    std::vector<std::uint32_t> mark_;
    std::uint32_t stamp_ = 0;
    std::vector<std::size_t> transversal_;  // the elements the subproblem's solutions stand for
    std::vector<OptionId> original_;        // a solution in the problem's option ids
};

void add_slice(SubproblemResult& result, const SearchStats& slice) {
    result.stats.solutions += slice.solutions;
    result.stats.updates += slice.updates;
    result.stats.nodes += slice.nodes;
    result.stats.merged += slice.merged;
}

// The threads of one run: each its own engine, subproblems taken one at a time, each walked in
// slices, results into their slots.
template <class Engine>
class OwnedRun {
public:
    OwnedRun(const Matrix& matrix, const Split& split, const RunOptions& options, RunReport& report)
        : matrix_(matrix),
          split_(split),
          options_(options),
          report_(report),
          stop_(options.stop ? *options.stop : unlimited_),
          shared_(options.memo_bytes, options.memo_tables),
          schedule_(schedule_of(report.own, options.layer_peers ? nullptr : options.order, report.results.size())) {}

    // An engine that shares a subproblem among threads gets them all when there are fewer
    // subproblems than threads (one each, with a coarse split).
    void run() {
        const auto n = static_cast<long long>(schedule_.size());
        const int outer = SharesThreads<Engine> && (n < report_.threads || options_.layer_peers) ? 1 : report_.threads;
        inner_ = report_.threads / outer;
        if (outer == 1) {
            take_subproblems();  // (in no team of one: libgomp starts a nested team's threads afresh at each region)
        } else {
#pragma omp parallel num_threads(outer)
            take_subproblems();
        }
        failures_.rethrow();
        report_.memo = shared_.figures();
        report_.largest_share = largest_share_;
    }

private:
    // This thread's engine, on the subproblems it takes in turn with the others of its team (all
    // of them, alone). Every thread must reach the `omp for`, even one whose engine failed to build.
    void take_subproblems() {
        const auto n = static_cast<long long>(schedule_.size());
        std::optional<Engine> engine = built_engine();
        FixedTally tally(options_);
#pragma omp for schedule(dynamic, 1)
        for (long long k = 0; k < n; ++k) {
            if (!engine || failures_.failed() || halt_.load(std::memory_order_relaxed)) continue;
            try {
                solve(*engine, tally, schedule_[static_cast<std::size_t>(k)]);
            } catch (...) {
                failures_.keep(std::current_exception());
            }
        }
    }

    std::optional<Engine> built_engine() {
        std::optional<Engine> engine;
        try {
            engine.emplace(matrix_);
            if constexpr (SharesThreads<Engine>) engine->set_threads(inner_);
            if constexpr (CountsByLayers<Engine>) engine->share_layers_with(options_.layer_peers);
            shared_.lend(*engine);
            engine->set_shape(split_.shape());
        } catch (...) {
            failures_.keep(std::current_exception());
            engine.reset();
        }
        return engine;
    }

    // Subproblem `id`, from where an earlier run left it, until it is finished or the run stops.
    void solve(Engine& engine, FixedTally& tally, std::size_t id) {
        auto& slot = report_.results[id];
        if (slot.finished) return;
        if (run_ends()) {
            halt_ = true;
            return;
        }
        if (options_.on_started) options_.on_started(id);
        const auto start = std::chrono::steady_clock::now();
        SubproblemResult result = slot;  // a partial one carries on from its position (only this thread writes slot)
        result.weight = split_.weight(id);
        result.profile = {};  // this run's work only (journals keep no profiles)
        if (options_.group && result.fixed.empty()) result.fixed.assign(options_.group->order(), 0);
        engine.set_profile(options_.profile ? &result.profile : nullptr);
        Shared::vary(engine, id);
        if constexpr (CountsByLayers<Engine>) {
            engine.save_layers_to(options_.layers_file.empty() ? "" : options_.layers_file + "." + std::to_string(id));
            if (options_.on_layer)
                engine.set_on_layer(
                    [this, id](std::size_t p, std::size_t n, std::uint64_t states) { options_.on_layer(id, p, n, states); });
        }
        tally.enter(split_.prefix(id), split_.weight(id));
        const double earlier = result.seconds;
        for (;;) {
            const bool finished = walk_slice(engine, tally, id, result);
            result.seconds = earlier + std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (finished) return finish(id, std::move(result));
            const bool final = run_ends();
            std::lock_guard<std::mutex> lock(finish_lock_);
            if (options_.on_partial && result.partial()) options_.on_partial(id, result, final);
            if (final) {  // stopped inside it: what it did is kept for the next run
                if (stop_.budgeted()) halt_ = true;
                slot = std::move(result);
                return;
            }
        }
    }

    // Whether a stop ends the run here: agreed with the processes that share the layers, which
    // must all take the next subproblem or none.
    bool run_ends() {
        const bool mine = stop_.ends_run();
        if constexpr (CountsByLayers<Engine>)
            if (options_.layer_peers) return options_.layer_peers->any(mine);
        return mine;
    }

    // One slice of the walk below the subproblem's prefix and the result's position: true when
    // it reached the end of the subproblem, else the position moves to where it stopped.
    bool walk_slice(Engine& engine, FixedTally& tally, std::size_t id, SubproblemResult& result) {
        const std::span<const OptionId> prefix = split_.prefix(id);
        engine.replay(prefix);
        engine.replay(result.position);
        std::vector<OptionId> position;
        const Limits limits{.max_solutions = 0,
                            .stop = stop_.flag(),
                            .max_nodes = stop_.slice(options_.slice_nodes),
                            .resume_base = static_cast<int>(prefix.size()),
                            .position = &position};
        const auto visit = [&](std::span<const OptionId> s) {
            if (options_.group) tally.add(s, result.fixed);
            if (options_.on_solution) options_.on_solution(id, s);
        };
        const SearchStats slice = options_.group || options_.on_solution ? engine.search(visit, limits) : engine.count(limits);
        engine.unwind();
        if constexpr (CountsByLayers<Engine>)
            if (options_.layer_peers) largest_share_ += engine.figures().largest_share;  // (one thread takes them all then)
        stop_.spend(slice.nodes);
        add_slice(result, slice);
        if (!slice.complete) result.position = std::move(position);
        return slice.complete;
    }

    void finish(std::size_t id, SubproblemResult result) {
        result.finished = true;
        result.position.clear();
        std::lock_guard<std::mutex> lock(finish_lock_);
        report_.results[id] = std::move(result);
        ++report_.finished_now;
        if (options_.on_finished) options_.on_finished(id, report_.results[id]);
    }

    const Matrix& matrix_;
    const Split& split_;
    const RunOptions& options_;
    RunReport& report_;
    Stop unlimited_;  // the run's stop when the caller gives none
    Stop& stop_;
    using Shared = typename SharedOf<Engine>::type;
    Shared shared_;
    std::vector<std::size_t> schedule_;
    int inner_ = 1;  // the threads each engine shares a subproblem among
    ThreadFailures failures_;
    std::mutex finish_lock_;
    std::atomic<bool> halt_{false};    // no new subproblem after a stop or the node limit
    std::uint64_t largest_share_ = 0;  // with layer peers (whose subproblems one thread takes)
};

}  // namespace

RunReport run_split(const Matrix& matrix, const Split& split, std::vector<SubproblemResult> done, const RunOptions& options) {
    RunReport report;
    report.threads = resolve_threads(options.threads);
    report.results = std::move(done);
    if (report.results.empty()) report.results.resize(split.size());
    if (report.results.size() != split.size()) throw std::logic_error("run_split: results do not match the split");
    if (options.group && options.reduction && !options.group->has_conjugates())
        throw std::logic_error("run_split: Fix(g) below a reduction needs the group's conjugates (Group::keep_conjugates)");

    if (options.shard_count == 0 || options.shard_index >= options.shard_count) throw std::logic_error("run_split: bad shard");
    if (options.ids) {
        report.own = *options.ids;
    } else {
        report.own = shard_ids(options.shard_index, options.shard_count, split.size());
    }
    with_engine_type(options.engine, matrix, [&]<class Engine>() { OwnedRun<Engine>(matrix, split, options, report).run(); });

    add_up(split, options, report);
    return report;
}

void add_up(const Split& split, const RunOptions& options, RunReport& report) {
    report.total = {};
    report.profile = {};
    if (options.shard_index == 0 && !options.ids) {
        report.total = split.above();
        if (options.profile) report.profile = split.above_profile();
    }
    if (options.group) report.fixed.assign(options.group->order(), 0);
    for (std::size_t id : report.own) {
        const SubproblemResult& r = report.results[id];
        if (options.profile) report.profile += r.profile;  // this run's work, a stopped subproblem's too
        if (!r.finished) {
            report.total.complete = false;
            continue;
        }
        SearchStats weighted = r.stats;
        weighted.solutions *= split.weight(id);
        report.total += weighted;
        if (options.group) {
            if (r.fixed.size() != report.fixed.size()) throw std::logic_error("run_split: a result lacks its Fix(g) counts");
            for (std::size_t k = 0; k < r.fixed.size(); ++k) report.fixed[k] += r.fixed[k];
        }
    }
}

}  // namespace xcount
