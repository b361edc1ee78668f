// xcount/journal.hpp: the checkpoint journal of a long count.
//
// An append-only text file, one line per finished subproblem, headed by the run's fingerprint:
//
//     xcount-journal 1 fingerprint=7d2c...e1 depth=4 subproblems=1771 above=9120,77 [shard=3/16] check=...
//     17 12 40317 2213 0.004132 9f03...c2      <- id solutions updates nodes seconds check
//     17 12 40317 2213 0.004132 fixed=12,0,0,0 9f03...c2   <- with --symmetry check
//     18 3 9102 512 9.771 at=41,77,103 5be0...19   <- 18 stopped part way, at that position
//
// A subproblem stopped part way (a limit, a signal, or from time to time in a long one) is
// recorded with its figures so far and its position (Limits::position); a later line for it
// supersedes that one, and a resumed run carries on from the last.
// `check` hashes the rest of its line, so a hand-edited or damaged line is refused. A torn
// last line (no newline: the process died while writing it) is ignored, cut off and redone.
// Each line goes to the kernel in one write as soon as it is finished (it survives kill -9),
// and the file is fsync'ed at least every 5 seconds and when the journal closes. A write or
// fsync that fails (a full disk, an I/O error) cuts the file back to its last whole line and
// throws JournalError: the journal stays valid, and holds everything recorded before.
// A file that is not a journal (another program's, a device) is refused, never overwritten.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "xcount/shard.hpp"
#include "xcount/split.hpp"
#include "xcount/subproblem.hpp"

namespace xcount {

struct JournalHeader {
    std::string fingerprint;  // of matrix, depth, mode and program version
    int depth = 0;
    std::size_t subproblems = 0;
    std::size_t group_order = 0;                       // Fix(g) counts each line carries (0: none); part of the mode
    std::size_t shard_index = 0, shard_count = 1;      // the share it records: ids i, i+K, i+2K, ... (--shard i/K)
    std::uint64_t above_updates = 0, above_nodes = 0;  // the split's own work above the cut, in the figures of the run (of shard 0)

    bool sharded() const { return shard_count > 1; }
    std::size_t share() const { return shard_size(shard_index, shard_count, subproblems); }
    bool owns(std::size_t id) const { return id % shard_count == shard_index; }
};

// A subproblem's seconds as a journal line keeps them (to the microsecond): what a resumed run
// reads back for a subproblem an earlier run counted.
double as_journaled(double seconds);

// The fingerprint a run of `mode` ("count", ...) on this matrix and depth writes and expects.
std::string run_fingerprint(const Matrix& matrix, int depth, const std::string& mode);

// The header of an existing journal, or nullopt when there is none yet (missing or empty file),
// for a run that will write there: a file that is no journal is refused, "not overwriting it".
std::optional<JournalHeader> read_journal_header(const std::string& path);

// What a journal holds, read without touching it (another xcount may be appending to it).
struct JournalContents {
    JournalHeader header;
    std::vector<SubproblemResult> results;  // per subproblem: finished, partial (its last line) or nothing yet
    bool in_use = false;                    // a running xcount holds it
};
// InputError when `path` is no journal, or is damaged anywhere but in its last line.
JournalContents read_journal(const std::string& path);

// A write to the journal failed; what() names the file and the system's reason.
class JournalError : public InputError {
public:
    using InputError::InputError;
};

class Journal {
public:
    // Opens `path` for a run with `header`, creating it if needed. Fills `known` (sized to the
    // number of subproblems) with the results already recorded. InputError when the file belongs
    // to another run or is damaged anywhere but in its last line.
    Journal(const std::string& path, const JournalHeader& header, std::vector<SubproblemResult>& known);
    ~Journal();
    Journal(const Journal&) = delete;
    Journal& operator=(const Journal&) = delete;

    void record(std::size_t id, const SubproblemResult& result);  // finished or partial; JournalError when it cannot
    void sync();                                                  // fsync now; JournalError when it fails
    std::size_t recorded() const { return recorded_; }            // finished subproblems in the file (partial ones aside)

private:
    // Locks the file, checks it belongs to this run, reads what it holds into `known`, cuts a
    // torn last line off, and writes the header of a new journal.
    void load(const JournalHeader& header, const std::optional<JournalHeader>& existing, std::vector<SubproblemResult>& known);
    void append(const std::string& line);
    [[noreturn]] void fail(const std::string& what);

    std::string path_;
    int fd_ = -1;
    std::uintmax_t size_ = 0;  // bytes of whole lines: where a failed write is cut back to
    std::size_t recorded_ = 0;
    std::chrono::steady_clock::time_point last_sync_;
};

}  // namespace xcount
