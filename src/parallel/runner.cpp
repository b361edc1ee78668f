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

template <class Engine>
concept Merging = requires {
    Engine::kMerges;
}
&&Engine::kMerges;

// The table an engine that merges states shares with the other threads' engines (none for
// the others).
template <class Engine>
struct SharedTable {
    explicit SharedTable(const RunOptions&) {}
    void lend(Engine&) {}
    static void vary(Engine&, std::size_t) {}
    MemoFigures figures() const { return {}; }
};
template <Merging Engine>
struct SharedTable<Engine> {
    std::optional<MemoTables> own;
    typename Engine::Table& table;
    explicit SharedTable(const RunOptions& options)
        : table((options.memo_tables ? *options.memo_tables : own.emplace(options.memo_bytes)).template get<Engine::kMaxBits / 64>()) {}
    void lend(Engine& engine) { engine.share_table(&table); }
    static void vary(Engine& engine, std::size_t id) { engine.set_reversed(id % 2 == 1); }
    MemoFigures figures() const { return table.figures(); }
};

// Each thread: its own engine, subproblems taken one at a time, results into their slots.
template <class Engine>
void solve_owned(const Matrix& matrix, const Split& split, const RunOptions& options, RunReport& report) {
    ThreadFailures failures;
    std::mutex finish_lock;
    std::atomic<bool> halt{false};  // no new subproblem after a stop or the node limit
    std::atomic<std::uint64_t> nodes_used{0};
    // The order in which the threads take them: by id, or as options.order says.
    std::vector<std::size_t> schedule = report.own;
    if (options.order) {
        std::vector<char> mine(report.results.size(), 0);
        for (std::size_t id : report.own) mine[id] = 1;
        schedule.clear();
        for (std::size_t id : *options.order)
            if (id < mine.size() && mine[id]) schedule.push_back(id), mine[id] = 0;
        for (std::size_t id : report.own)
            if (mine[id]) schedule.push_back(id);  // any the order left out, last
    }
    const auto n = static_cast<long long>(schedule.size());
    SharedTable<Engine> table(options);

#pragma omp parallel num_threads(report.threads)
    {
        // Every thread must reach the `omp for` below, even one whose engine failed to build.
        std::optional<Engine> engine;
        try {
            engine.emplace(matrix);
            table.lend(*engine);
            engine->set_forced_items(split.forced_items(), split.second_below());
            engine->set_choice(split.choice());
        } catch (...) {
            failures.keep(std::current_exception());
        }
        std::vector<std::uint32_t> mark(options.group ? options.group->element(0).options.size() : 0);
        std::uint32_t stamp = 0;
        std::vector<std::size_t> transversal;  // under a reduction: the elements the subproblem's solutions stand for
        std::vector<OptionId> original;        // a solution in the problem's option ids
        const auto count_fixed = [&](std::span<const OptionId> solution, std::span<Count> fixed) {
            if (!options.reduction) return options.group->count_fixed(solution, fixed, mark, stamp);
            original.clear();
            for (OptionId o : solution) original.push_back(options.reduction->original_id(o));
            options.group->count_fixed_below(original, transversal, fixed, mark, stamp);
        };
#pragma omp for schedule(dynamic, 1)
        for (long long k = 0; k < n; ++k) {
            if (!engine || failures.failed() || halt.load(std::memory_order_relaxed)) continue;
            try {
                const std::size_t id = schedule[static_cast<std::size_t>(k)];
                auto& slot = report.results[id];
                if (slot.finished) continue;
                if (options.stop && options.stop->load(std::memory_order_relaxed)) {
                    halt = true;
                    continue;
                }
                if (options.max_nodes != 0 && nodes_used.load() >= options.max_nodes) {
                    halt = true;
                    continue;
                }
                if (options.on_started) options.on_started(id);
                const auto start = std::chrono::steady_clock::now();
                SubproblemResult result = slot;  // a partial one carries on from its position (only this thread writes slot)
                result.weight = split.weight(id);
                result.profile = {};  // this run's work only (journals keep no profiles)
                if (options.group && result.fixed.empty()) result.fixed.assign(options.group->order(), 0);
                engine->set_profile(options.profile ? &result.profile : nullptr);
                const std::span<const OptionId> prefix = split.prefix(id);
                SharedTable<Engine>::vary(*engine, id);
                if (options.group && options.reduction) {
                    transversal = options.reduction->transversal(prefix);
                    if (transversal.size() != split.weight(id)) throw std::logic_error("run_split: a subproblem's orbit is not its weight");
                }
                const double earlier = result.seconds;
                bool finished = false;
                while (!finished) {
                    engine->replay(prefix);
                    engine->replay(result.position);
                    std::uint64_t budget = options.slice_nodes;
                    if (options.max_nodes != 0) {
                        const std::uint64_t used = nodes_used.load(), left = used < options.max_nodes ? options.max_nodes - used : 1;
                        budget = budget == 0 ? left : std::min(budget, left);
                    }
                    std::vector<OptionId> position;
                    const Limits limits{.max_solutions = 0,
                                        .stop = options.stop,
                                        .max_nodes = budget,
                                        .resume_base = static_cast<int>(prefix.size()),
                                        .position = &position};
                    const auto visit = [&](std::span<const OptionId> s) {
                        if (options.group) count_fixed(s, result.fixed);
                        if (options.on_solution) options.on_solution(id, s);
                    };
                    const SearchStats slice = options.group || options.on_solution ? engine->search(visit, limits) : engine->count(limits);
                    engine->unwind();
                    nodes_used += slice.nodes;
                    result.stats.solutions += slice.solutions;
                    result.stats.updates += slice.updates;
                    result.stats.nodes += slice.nodes;
                    result.stats.merged += slice.merged;
                    result.seconds = earlier + std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                    finished = slice.complete;
                    if (finished) break;
                    result.position = std::move(position);
                    const bool final = (options.stop && options.stop->load(std::memory_order_relaxed)) ||
                                       (options.max_nodes != 0 && nodes_used.load() >= options.max_nodes);
                    std::lock_guard<std::mutex> lock(finish_lock);
                    if (options.on_partial && result.partial()) options.on_partial(id, result, final);
                    if (final) {  // stopped inside it: what it did is kept for the next run
                        if (options.max_nodes != 0) halt = true;
                        slot = std::move(result);
                        break;
                    }
                }
                if (!finished) continue;
                result.finished = true;
                result.position.clear();
                std::lock_guard<std::mutex> lock(finish_lock);
                slot = std::move(result);
                ++report.finished_now;
                if (options.on_finished) options.on_finished(id, slot);
            } catch (...) {
                failures.keep(std::current_exception());
            }
        }
    }
    failures.rethrow();
    report.memo = table.figures();
}

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
        for (std::size_t id = options.shard_index; id < split.size(); id += options.shard_count) report.own.push_back(id);
    }
    with_engine_type(options.engine, matrix, split.choice(), [&]<class Engine>() { solve_owned<Engine>(matrix, split, options, report); });

    if (options.shard_index == 0 && !options.ids) {
        report.total = split.above();
        if (options.profile) report.profile = split.above_profile();
    }
    if (options.group) report.fixed.assign(options.group->order(), 0);
    for (std::size_t id : report.own) {
        const SubproblemResult& r = report.results[id];
        if (!r.finished) {
            report.total.complete = false;
            continue;
        }
        if (options.profile) report.profile += r.profile;
        SearchStats weighted = r.stats;
        weighted.solutions *= split.weight(id);
        report.total += weighted;
        if (options.group) {
            if (r.fixed.size() != report.fixed.size()) throw std::logic_error("run_split: a result lacks its Fix(g) counts");
            for (std::size_t k = 0; k < r.fixed.size(); ++k) report.fixed[k] += r.fixed[k];
        }
    }
    return report;
}

}  // namespace xcount
