#include <mpi.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <exception>
#include <new>
#include <stdexcept>

#include "xcount/distributed.hpp"
#include "xcount/error.hpp"

namespace xcount {

namespace {

constexpr int kTagWork = 1;    // rank 0 -> worker: node budget and a chunk of subproblems, each packed as it stands (empty: done)
constexpr int kTagReport = 2;  // worker -> rank 0: its last chunk's results, or its error
constexpr std::uint64_t kResults = 0, kError = 1;  // a report's first word

std::atomic<bool> g_in_run{false};

struct RunPhase {
    RunPhase() { g_in_run = true; }
    ~RunPhase() { g_in_run = false; }
};

// A count as its number of limbs, then its limbs: any size.
void put_count(std::vector<std::uint64_t>& out, const Count& c) {
    const std::vector<std::uint64_t> limbs = c.limbs();
    out.push_back(limbs.size());
    out.insert(out.end(), limbs.begin(), limbs.end());
}

// One result as words: id, finished, solutions (a count: its limbs' number, then the limbs),
// updates, nodes, seconds (bits), Fix(g) of each of the group's elements (a count each), the profile's depth L, then L nodes and L updates,
// the position's length P, then its P option ids (a subproblem stopped part way).
void pack(std::vector<std::uint64_t>& out, std::size_t id, const SubproblemResult& r, std::size_t group_order) {
    std::uint64_t seconds = 0;
    std::memcpy(&seconds, &r.seconds, sizeof seconds);
    out.insert(out.end(), {id, r.finished ? 1u : 0u});
    put_count(out, r.stats.solutions);
    out.insert(out.end(), {r.stats.updates, r.stats.nodes, seconds});
    for (std::size_t g = 0; g < group_order; ++g) put_count(out, g < r.fixed.size() ? r.fixed[g] : 0);  // none if unfinished
    out.push_back(r.profile.nodes.size());
    out.insert(out.end(), r.profile.nodes.begin(), r.profile.nodes.end());
    out.insert(out.end(), r.profile.updates.begin(), r.profile.updates.end());
    out.push_back(r.position.size());
    for (OptionId o : r.position) out.push_back(static_cast<std::uint64_t>(o));
}

// Reads words from a report, refusing to run past its end (a malformed report is a bug).
class Reader {
public:
    explicit Reader(const std::vector<std::uint64_t>& words, std::size_t from = 1) : words_(words), at_(from) {}
    bool done() const { return at_ == words_.size(); }
    std::uint64_t word() {
        if (at_ >= words_.size()) throw std::logic_error("run_split_mpi: a truncated report");
        return words_[at_++];
    }
    Count count() {
        const std::uint64_t size = word();
        if (size > words_.size() - at_) throw std::logic_error("run_split_mpi: a truncated report");
        const std::span<const std::uint64_t> limbs(words_.data() + at_, size);
        at_ += size;
        return Count::from_limbs(limbs);
    }

private:
    const std::vector<std::uint64_t>& words_;
    std::size_t at_;  // past the kind, or the budget
};

std::size_t unpack(Reader& in, std::size_t group_order, SubproblemResult& r) {
    const auto id = static_cast<std::size_t>(in.word());
    r.finished = in.word() != 0;
    r.stats.solutions = in.count();
    r.stats.updates = in.word();
    r.stats.nodes = in.word();
    const std::uint64_t seconds = in.word();
    std::memcpy(&r.seconds, &seconds, sizeof r.seconds);
    r.fixed.clear();
    for (std::size_t g = 0; g < group_order; ++g) r.fixed.push_back(in.count());
    const auto levels = static_cast<std::size_t>(in.word());
    r.profile.nodes.resize(levels);
    r.profile.updates.resize(levels);
    for (auto& n : r.profile.nodes) n = in.word();
    for (auto& u : r.profile.updates) u = in.word();
    r.position.resize(static_cast<std::size_t>(in.word()));
    for (auto& o : r.position) o = static_cast<OptionId>(in.word());
    return id;
}

// A string as words (its length, then its bytes) and back.
void put_text(std::vector<std::uint64_t>& out, const std::string& text) {
    out.push_back(text.size());
    const std::size_t at = out.size();
    out.resize(at + (text.size() + 7) / 8, 0);
    std::memcpy(out.data() + at, text.data(), text.size());
}

std::string get_text(Reader& in) {
    const auto size = static_cast<std::size_t>(in.word());
    std::string text;
    for (std::size_t k = 0; k < (size + 7) / 8; ++k) {
        const std::uint64_t w = in.word();
        char bytes[8];
        std::memcpy(bytes, &w, 8);
        text.append(bytes, std::min<std::size_t>(8, size - 8 * k));
    }
    return text;
}

std::vector<std::uint64_t> receive(int source, int tag, MPI_Status& status) {
    MPI_Probe(source, tag, MPI_COMM_WORLD, &status);
    int n = 0;
    MPI_Get_count(&status, MPI_UINT64_T, &n);
    std::vector<std::uint64_t> data(static_cast<std::size_t>(n));
    MPI_Recv(data.data(), n, MPI_UINT64_T, status.MPI_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return data;
}

void send(const std::vector<std::uint64_t>& words, int to, int tag) {
    MPI_Send(words.data(), static_cast<int>(words.size()), MPI_UINT64_T, to, tag, MPI_COMM_WORLD);
}

// A worker's failure as a report: input error or not, and the message.
std::vector<std::uint64_t> error_report(std::exception_ptr error) {
    std::vector<std::uint64_t> words{kError};
    try {
        std::rethrow_exception(error);
    } catch (const InputError& e) {
        words.push_back(1);
        put_text(words, e.what());
    } catch (const std::bad_alloc&) {
        words.push_back(0);
        put_text(words, "out of memory");
    } catch (const std::exception& e) {
        words.push_back(0);
        put_text(words, e.what());
    }
    return words;
}

// Solves chunks until rank 0 sends an empty one. A failure is reported to rank 0 in place of
// results and rethrown once rank 0 has let this rank go.
void worker(const Matrix& matrix, const Split& split, const RunOptions& options) {
    std::vector<std::uint64_t> report{kResults};  // no results: the first request
    std::exception_ptr failure;
    MemoTables own(options.memo_bytes);  // the memo engine's states, kept from chunk to chunk (or the caller's)
    MemoTables& tables = options.memo_tables ? *options.memo_tables : own;
    for (;;) {
        send(report, 0, kTagReport);
        MPI_Status status;
        const std::vector<std::uint64_t> chunk = receive(0, kTagWork, status);
        if (chunk.empty()) break;
        report.assign(1, kResults);
        try {
            const std::size_t order = options.group ? options.group->order() : 0;
            std::vector<std::size_t> ids;
            std::vector<SubproblemResult> known(split.size());
            for (Reader in(chunk, 1); !in.done();) {
                SubproblemResult r;
                const std::size_t id = unpack(in, order, r);
                if (id >= split.size())
                    throw InputError("subproblem " + std::to_string(id) + " handed out, but this rank's split has " +
                                     std::to_string(split.size()));
                known[id] = std::move(r);  // a subproblem stopped part way carries on from its position
                ids.push_back(id);
            }
            Stop chunk_stop(options.stop ? options.stop->flag() : nullptr, {.max_nodes = chunk[0]});  // what rank 0's budget leaves
            RunOptions mine = options;
            mine.ids = &ids;
            mine.stop = &chunk_stop;
            mine.on_finished = nullptr;
            mine.on_started = nullptr;
            mine.on_partial = nullptr;  // a subproblem stopped part way comes back to rank 0 unfinished, with its position
            mine.memo_tables = &tables;
            mine.layers_file = {};  // a subproblem may go to another rank next run: its layers are not kept
            const RunReport done = run_split(matrix, split, std::move(known), mine);
            for (std::size_t id : ids) pack(report, id, done.results[id], options.group ? options.group->order() : 0);
        } catch (...) {
            failure = std::current_exception();
            report = error_report(failure);
        }
    }
    if (failure) std::rethrow_exception(failure);
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

bool mpi_in_run() { return g_in_run; }

void mpi_abort(int status) {
    if (mpi_running()) MPI_Abort(MPI_COMM_WORLD, status);
    std::exit(status);
}

std::string mpi_agree(const std::string& error, int status, const std::string& payload) {
    if (!mpi_running()) {
        if (!error.empty()) throw RankFailure(status, error, true);
        return payload;
    }
    const int mine = error.empty() ? INT_MAX : mpi_rank();
    int first = INT_MAX;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    const bool failed = first != INT_MAX;
    const int root = failed ? first : 0;
    std::vector<std::uint64_t> words{kResults};
    if (mpi_rank() == root) {
        words.push_back(static_cast<std::uint64_t>(status));
        put_text(words, failed ? error : payload);
    }
    auto size = static_cast<int>(words.size());
    MPI_Bcast(&size, 1, MPI_INT, root, MPI_COMM_WORLD);
    words.resize(static_cast<std::size_t>(size));
    MPI_Bcast(words.data(), size, MPI_UINT64_T, root, MPI_COMM_WORLD);
    Reader in(words);
    const auto root_status = static_cast<int>(in.word());
    const std::string text = get_text(in);
    if (!failed) return text;
    throw RankFailure(root_status, root == 0 ? text : "rank " + std::to_string(root) + ": " + text, true);
}

namespace {

// Rank 0 of a run: hands out what is not done, in chunks small enough to balance the tail,
// until everything is done, a limit or signal stops the run, or a rank fails; takes each
// rank's results as they come.
class Leader {
public:
    Leader(const Split& split, std::vector<SubproblemResult> done, const RunOptions& options)
        : split_(split),
          options_(options),
          done_(std::move(done)),
          stop_(options.stop ? *options.stop : unlimited_),
          order_(options.group ? options.group->order() : 0) {
        if (done_.empty()) done_.resize(split.size());
        by_id_.resize(split.size());
        for (std::size_t id = 0; id < split.size(); ++id) by_id_[id] = id;
        for (std::size_t id : options.order ? *options.order : by_id_)
            if (id < done_.size() && !done_[id].finished) pending_.push_back(id);
    }

    RunReport run(int ranks) {
        const auto workers = static_cast<std::size_t>(ranks - 1);
        const std::size_t chunk = std::max<std::size_t>(1, pending_.size() / (workers * 16));
        for (std::size_t active = workers; active > 0;) {
            MPI_Status status;
            const std::vector<std::uint64_t> report = receive(MPI_ANY_SOURCE, kTagReport, status);
            try {
                take(report, status.MPI_SOURCE);
            } catch (...) {
                if (!failure_) failure_ = std::current_exception();
            }
            if (failure_ || stop_.ends_run()) stopping_ = true;
            const std::vector<std::uint64_t> work = next_chunk(chunk);
            if (work.empty()) --active;  // an empty chunk tells the worker to finish
            send(work, status.MPI_SOURCE, kTagWork);
        }
        if (failure_) std::rethrow_exception(failure_);
        RunReport report;
        report.threads = resolve_threads(options_.threads);
        report.results = std::move(done_);
        report.own = by_id_;
        report.finished_now = finished_now_;
        add_up(split_, options_, report);
        return report;
    }

private:
    // A rank's report: its results, or its error.
    void take(const std::vector<std::uint64_t>& report, int source) {
        Reader in(report);
        if (report.empty()) throw std::logic_error("run_split_mpi: an empty report");
        if (report[0] == kError) {
            const bool input = in.word() != 0;
            const std::string message = "rank " + std::to_string(source) + ": " + get_text(in);
            if (input) throw InputError(message);
            throw std::runtime_error(message);
        }
        while (!in.done()) {
            SubproblemResult r;
            const std::size_t id = unpack(in, order_, r);
            if (id >= done_.size() || done_[id].finished) throw std::logic_error("run_split_mpi: a result for a wrong id");
            r.weight = split_.weight(id);
            if (!r.finished) {  // stopped at a limit or a signal: never counted, kept if part done
                stopping_ = true;
                if (r.partial()) {
                    done_[id] = std::move(r);
                    if (options_.on_partial) options_.on_partial(id, done_[id], true);
                }
                continue;
            }
            done_[id] = std::move(r);
            ++finished_now_;
            stop_.spend(done_[id].stats.nodes);
            if (options_.on_finished) options_.on_finished(id, done_[id]);
        }
    }

    // The next chunk of subproblems with the node budget left, or nothing once stopping.
    std::vector<std::uint64_t> next_chunk(std::size_t chunk) {
        std::vector<std::uint64_t> work;
        if (stopping_ || next_ >= pending_.size()) return work;
        work.push_back(stop_.nodes_left());
        for (std::size_t taken = 0; next_ < pending_.size() && taken < chunk; ++taken, ++next_)
            pack(work, pending_[next_], done_[pending_[next_]], order_);
        return work;
    }

    const Split& split_;
    const RunOptions& options_;
    std::vector<SubproblemResult> done_;
    Stop unlimited_;
    Stop& stop_;
    std::size_t order_;
    std::vector<std::size_t> pending_, by_id_;
    std::size_t next_ = 0, finished_now_ = 0;
    bool stopping_ = false;
    std::exception_ptr failure_;
};

// The ranks as processes that share every layer of a count by layers.
class RankPeers : public LayerPeers {
public:
    int rank() const override { return mpi_rank(); }
    int size() const override { return mpi_size(); }

    std::vector<std::uint64_t> exchange(const std::vector<std::vector<std::uint64_t>>& outgoing) override {
        const auto ranks = static_cast<std::size_t>(size());
        std::vector<int> send_counts(ranks), receive_counts(ranks), send_at(ranks, 0), receive_at(ranks, 0);
        std::vector<std::uint64_t> sent;
        for (std::size_t r = 0; r < ranks; ++r) {
            send_counts[r] = words_count(outgoing[r].size());
            send_at[r] = words_count(sent.size());
            sent.insert(sent.end(), outgoing[r].begin(), outgoing[r].end());
        }
        MPI_Alltoall(send_counts.data(), 1, MPI_INT, receive_counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
        std::size_t received = 0;
        for (std::size_t r = 0; r < ranks; ++r)
            receive_at[r] = words_count(received), received += static_cast<std::size_t>(receive_counts[r]);
        std::vector<std::uint64_t> words(received);
        MPI_Alltoallv(sent.data(), send_counts.data(), send_at.data(), MPI_UINT64_T, words.data(), receive_counts.data(), receive_at.data(),
                      MPI_UINT64_T, MPI_COMM_WORLD);
        return words;
    }
    std::uint64_t sum(std::uint64_t mine) override { return reduce(mine, MPI_SUM); }
    std::uint64_t max(std::uint64_t mine) override { return reduce(mine, MPI_MAX); }
    std::uint64_t min(std::uint64_t mine) override { return reduce(mine, MPI_MIN); }
    void broadcast(std::vector<std::uint64_t>& words, int root) override {
        MPI_Bcast(words.data(), words_count(words.size()), MPI_UINT64_T, root, MPI_COMM_WORLD);
    }

private:
    static std::uint64_t reduce(std::uint64_t mine, MPI_Op op) {
        std::uint64_t all = 0;
        MPI_Allreduce(&mine, &all, 1, MPI_UINT64_T, op, MPI_COMM_WORLD);
        return all;
    }
    // MPI counts words in an int: a round's states are far fewer (the sweep's rounds are short).
    static int words_count(std::size_t words) {
        if (words > static_cast<std::size_t>(INT_MAX)) throw std::length_error("run_split_mpi: a round of states too long for MPI");
        return static_cast<int>(words);
    }
};

// A count by layers whose every layer all the ranks share: each rank runs the same split, rank
// 0 with the journal's results and its callbacks, the others told which subproblems are done.
RunReport run_sharing_layers(const Matrix& matrix, const Split& split, std::vector<SubproblemResult> done, const RunOptions& options) {
    std::vector<std::uint64_t> finished(split.size(), 0);
    if (mpi_rank() == 0)
        for (std::size_t id = 0; id < done.size() && id < split.size(); ++id) finished[id] = done[id].finished ? 1 : 0;
    RankPeers peers;
    peers.broadcast(finished, 0);
    RunOptions mine = options;
    mine.layer_peers = &peers;
    if (mpi_rank() == 0) return run_split(matrix, split, std::move(done), mine);
    std::vector<SubproblemResult> known(split.size());
    for (std::size_t id = 0; id < split.size(); ++id) known[id].finished = finished[id] != 0;
    mine.on_finished = nullptr;
    mine.on_started = nullptr;
    mine.on_partial = nullptr;
    mine.on_layer = nullptr;
    run_split(matrix, split, std::move(known), mine);
    return RunReport{};
}

}  // namespace

RunReport run_split_mpi(const Matrix& matrix, const Split& split, std::vector<SubproblemResult> done, const RunOptions& options) {
    const int ranks = mpi_size();
    if (ranks == 1) return run_split(matrix, split, std::move(done), options);
    const RunPhase phase;
    if (options.engine == EngineKind::frontier && !options.group && !options.on_solution)
        return run_sharing_layers(matrix, split, std::move(done), options);
    if (mpi_rank() != 0) {
        worker(matrix, split, options);
        return RunReport{};
    }
    return Leader(split, std::move(done), options).run(ranks);
}

}  // namespace xcount
