#include <mpi.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "xcount/distributed.hpp"

namespace xcount {

namespace {

constexpr int kTagWork = 1;    // rank 0 -> worker: a chunk of ids (empty: done)
constexpr int kTagResult = 2;  // worker -> rank 0: results of its last chunk (empty: first request)

// One result as words: id, solutions (low, high), updates, nodes, seconds (bits), Fix(g) (low, high each).
void pack(std::vector<std::uint64_t>& out, std::size_t id, const SubproblemResult& r) {
    std::uint64_t seconds = 0;
    std::memcpy(&seconds, &r.seconds, sizeof seconds);
    out.insert(out.end(), {id, static_cast<std::uint64_t>(r.stats.solutions), static_cast<std::uint64_t>(r.stats.solutions >> 64),
                           r.stats.updates, r.stats.nodes, seconds});
    for (Count f : r.fixed) out.insert(out.end(), {static_cast<std::uint64_t>(f), static_cast<std::uint64_t>(f >> 64)});
}

std::size_t unpack(const std::uint64_t* in, std::size_t group_order, SubproblemResult& r) {
    r.finished = true;
    r.stats.solutions = (static_cast<Count>(in[2]) << 64) | in[1];
    r.stats.updates = in[3];
    r.stats.nodes = in[4];
    std::memcpy(&r.seconds, &in[5], sizeof r.seconds);
    r.fixed.clear();
    for (std::size_t g = 0; g < group_order; ++g) r.fixed.push_back((static_cast<Count>(in[7 + 2 * g]) << 64) | in[6 + 2 * g]);
    return static_cast<std::size_t>(in[0]);
}

std::vector<std::uint64_t> receive(int source, int tag, MPI_Status& status) {
    MPI_Probe(source, tag, MPI_COMM_WORLD, &status);
    int n = 0;
    MPI_Get_count(&status, MPI_UINT64_T, &n);
    std::vector<std::uint64_t> data(static_cast<std::size_t>(n));
    MPI_Recv(data.data(), n, MPI_UINT64_T, status.MPI_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return data;
}

void worker(const Matrix& matrix, const Split& split, const RunOptions& options) {
    std::vector<std::uint64_t> results;  // empty: the first request
    for (;;) {
        MPI_Send(results.data(), static_cast<int>(results.size()), MPI_UINT64_T, 0, kTagResult, MPI_COMM_WORLD);
        MPI_Status status;
        const std::vector<std::uint64_t> chunk = receive(0, kTagWork, status);
        if (chunk.empty()) return;
        const std::vector<std::size_t> ids(chunk.begin(), chunk.end());
        RunOptions mine = options;
        mine.ids = &ids;
        mine.on_finished = nullptr;
        mine.on_started = nullptr;
        mine.stop = nullptr;  // rank 0 decides when to stop handing out work
        const RunReport report = run_split(matrix, split, {}, mine);
        results.clear();
        for (std::size_t id : ids) pack(results, id, report.results[id]);
    }
}

}  // namespace

bool mpi_available() { return true; }

void mpi_start(int& argc, char**& argv) {
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
}

void mpi_finish() { MPI_Finalize(); }

// A run without --mpi never starts MPI: it is then rank 0 of 1.
bool mpi_running() {
    int initialized = 0, finalized = 0;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    return initialized && !finalized;
}

int mpi_rank() {
    int rank = 0;
    if (mpi_running()) MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}

int mpi_size() {
    int size = 1;
    if (mpi_running()) MPI_Comm_size(MPI_COMM_WORLD, &size);
    return size;
}

RunReport run_split_mpi(const Matrix& matrix, const Split& split, std::vector<SubproblemResult> done, const RunOptions& options) {
    const int ranks = mpi_size();
    if (ranks == 1) return run_split(matrix, split, std::move(done), options);
    if (mpi_rank() != 0) {
        worker(matrix, split, options);
        return RunReport{};
    }
    // Rank 0: hand out what is not done, in chunks small enough to balance the tail.
    if (done.empty()) done.resize(split.size());
    std::vector<std::size_t> pending;
    for (std::size_t id = 0; id < split.size(); ++id)
        if (!done[id].finished) pending.push_back(id);
    const std::size_t workers = static_cast<std::size_t>(ranks - 1);
    const std::size_t chunk = std::max<std::size_t>(1, pending.size() / (workers * 16));
    const std::size_t order = options.group ? options.group->order() : 0;
    const std::size_t words = 6 + 2 * order;
    std::size_t next = 0, active = workers, finished_now = 0;
    while (active > 0) {
        MPI_Status status;
        const std::vector<std::uint64_t> results = receive(MPI_ANY_SOURCE, kTagResult, status);
        for (std::size_t at = 0; at + words <= results.size(); at += words) {
            SubproblemResult r;
            const std::size_t id = unpack(results.data() + at, order, r);
            if (id >= done.size() || done[id].finished) throw std::logic_error("run_split_mpi: a result for a wrong id");
            done[id] = r;
            ++finished_now;
            if (options.on_finished) options.on_finished(id, done[id]);
        }
        const bool stopping = options.stop && options.stop->load();
        std::vector<std::uint64_t> work;
        while (!stopping && next < pending.size() && work.size() < chunk) work.push_back(pending[next++]);
        if (work.empty()) --active;  // an empty chunk tells the worker to finish
        MPI_Send(work.data(), static_cast<int>(work.size()), MPI_UINT64_T, status.MPI_SOURCE, kTagWork, MPI_COMM_WORLD);
    }
    // Everything is in `done` now: let the ordinary runner add it up, in subproblem order,
    // solving nothing more (a stopped run stays incomplete).
    std::atomic<bool> nothing_more{true};
    RunOptions sum = options;
    sum.stop = &nothing_more;
    sum.on_finished = nullptr;
    RunReport report = run_split(matrix, split, std::move(done), sum);
    report.finished_now = finished_now;
    return report;
}

}  // namespace xcount
