#include "xcount/journal.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cinttypes>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <sstream>

#include "xcount/hash.hpp"
#include "xcount/shard.hpp"
#include "xcount/text_file.hpp"
#include "xcount/version.hpp"

namespace xcount {

namespace {

constexpr const char* kMagic = "xcount-journal 1";
constexpr auto kSyncEvery = std::chrono::seconds(5);

constexpr std::string_view kHeaderCheck = " check=";

// The header ends in a hash of the rest of it, as every line does: an edited depth or count of
// subproblems is refused as such, not shown by status or taken for another run's journal.
std::string header_line(const JournalHeader& h) {
    std::string body = std::string(kMagic) + " fingerprint=" + h.fingerprint + " depth=" + std::to_string(h.depth) +
                       " subproblems=" + std::to_string(h.subproblems);  // group_order is in the fingerprint's mode
    body += " above=" + std::to_string(h.above_updates) + "," + std::to_string(h.above_nodes);
    if (h.sharded()) body += " shard=" + shard_text(h.shard_index, h.shard_count);
    return body + std::string(kHeaderCheck) + Hash64().add(body).hex();
}

// The header's fields after subproblems=, each optional, in this order: ` above=U,N` (none in
// an earlier version's journal) and ` shard=I/K`. False where anything else follows.
bool read_optional_fields(std::string_view rest, JournalHeader& h) {
    unsigned long long a = 0, b = 0;
    int used = 0;
    if (rest.starts_with(" above=")) {
        if (std::sscanf(rest.data(), " above=%llu,%llu%n", &a, &b, &used) != 2) return false;
        h.above_updates = a;
        h.above_nodes = b;
        rest.remove_prefix(static_cast<std::size_t>(used));
    }
    if (rest.starts_with(" shard=")) {
        if (std::sscanf(rest.data(), " shard=%llu/%llu%n", &a, &b, &used) != 2 || b < 2 || a >= b) return false;
        h.shard_index = a;
        h.shard_count = b;
        rest.remove_prefix(static_cast<std::size_t>(used));
    }
    return rest.empty();
}

// nullopt: not a journal's header. InputError: a journal's header whose check fails.
std::optional<JournalHeader> parse_header(const std::string& line, const std::string& path) {
    std::string body = line;
    const std::size_t check_at = line.rfind(kHeaderCheck);
    const bool checked = check_at != std::string::npos && line.starts_with(kMagic);
    if (checked) body = line.substr(0, check_at);  // a header without a check: a journal of an earlier version
    JournalHeader h;
    char fingerprint[64];
    unsigned long long subproblems = 0;
    int consumed = 0;
    if (std::sscanf(body.c_str(), "xcount-journal 1 fingerprint=%63s depth=%d subproblems=%llu%n", fingerprint, &h.depth, &subproblems,
                    &consumed) != 3 ||
        !read_optional_fields(std::string_view(body).substr(static_cast<std::size_t>(consumed)), h))
        return std::nullopt;
    if (checked && line.substr(check_at + kHeaderCheck.size()) != Hash64().add(body).hex())
        throw InputError(located(path, 1, 0,
                                 "the journal's header was changed or damaged (its check does not match); it is refused, "
                                 "not overwritten: a journal's header is never edited"));
    h.fingerprint = fingerprint;
    h.subproblems = subproblems;
    return h;
}

std::string share_name(const JournalHeader& h) {
    return h.sharded() ? "shard " + shard_text(h.shard_index, h.shard_count) : "a whole count";
}

std::string seconds_field(double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6f", seconds);
    return text;
}

std::string body_of(std::size_t id, const SubproblemResult& r) {
    const std::string seconds = seconds_field(r.seconds);
    std::string body = std::to_string(id) + " " + to_string(r.stats.solutions) + " " + std::to_string(r.stats.updates) + " " +
                       std::to_string(r.stats.nodes) + " " + seconds;
    if (!r.fixed.empty()) {
        body += " fixed=";
        for (std::size_t k = 0; k < r.fixed.size(); ++k) body += (k ? "," : "") + to_string(r.fixed[k]);
    }
    if (r.weight != 1) body += " w=" + to_string(r.weight);
    if (r.streamed_to && r.finished) body += " out=" + std::to_string(*r.streamed_to);
    if (!r.finished) {
        body += " at=";
        for (std::size_t k = 0; k < r.position.size(); ++k) body += (k ? "," : "") + std::to_string(r.position[k]);
    }
    return body;
}

// "NAME=a,b,c" (at least one count) into counts; false when malformed.
bool parse_counts(const std::string& field, std::string_view name, std::vector<Count>& counts) {
    if (!field.starts_with(name) || field.size() <= name.size() || field[name.size()] != '=') return false;
    std::istringstream parts(field.substr(name.size() + 1));
    std::string part;
    while (std::getline(parts, part, ',')) {
        const auto value = parse_count(part);
        if (!value) return false;
        counts.push_back(*value);
    }
    return !counts.empty();
}

// "at=o1,o2,..." into the position of a partial subproblem; false when malformed.
bool parse_position(const std::string& field, std::vector<OptionId>& position) {
    std::vector<Count> options;
    if (!parse_counts(field, "at", options)) return false;
    for (const Count& o : options) {
        if (o > Count{static_cast<unsigned>(std::numeric_limits<OptionId>::max())}) return false;
        position.push_back(static_cast<OptionId>(*o.to_u64()));
    }
    return true;
}

// One recorded line: "id solutions updates nodes seconds [fixed=...] [w=...] [out=...] [at=...] check";
// w=, the subproblem's weight under a reduction (1 without); out=, the length of the file of
// solutions once this subproblem's were in it (solve --all --out); with at=, a subproblem
// stopped part way: its figures so far and where to carry on.
bool parse_entry(const std::string& line, std::size_t& id, SubproblemResult& r) {
    const auto cut = line.rfind(' ');
    if (cut == std::string::npos) return false;
    const std::string body = line.substr(0, cut);
    if (Hash64().add(body).hex() != line.substr(cut + 1)) return false;
    std::istringstream in(body);
    std::string solutions;
    unsigned long long id_value = 0;
    if (!(in >> id_value >> solutions >> r.stats.updates >> r.stats.nodes >> r.seconds)) return false;
    const auto count = parse_count(solutions);
    if (!count) return false;
    std::string extra;
    r.finished = true;
    while (in >> extra) {
        if (extra.starts_with("fixed=") && r.fixed.empty() && r.finished) {
            if (!parse_counts(extra, "fixed", r.fixed)) return false;
        } else if (extra.starts_with("w=") && r.weight == 1 && r.finished) {
            const auto weight = parse_count(std::string_view(extra).substr(2));
            if (!weight || *weight == 0) return false;
            r.weight = *weight;
        } else if (extra.starts_with("out=") && !r.streamed_to && r.finished) {
            const auto length = parse_count(std::string_view(extra).substr(4));
            if (!length || !length->to_u64()) return false;
            r.streamed_to = *length->to_u64();
        } else if (extra.starts_with("at=") && r.finished && !r.streamed_to) {
            if (!parse_position(extra, r.position)) return false;
            r.finished = false;
        } else {
            return false;
        }
    }
    id = id_value;
    r.stats.solutions = *count;
    return true;
}

}  // namespace

namespace {

constexpr std::size_t kAnyGroupOrder = ~std::size_t{0};  // read_entries: as the first entry says

// Reads the entries of the journal at `path` into `known` (sized to the subproblems); returns
// the bytes of its whole lines (a torn last line is left out) and counts the finished ones.
// Every entry must carry `group_order` Fix(g) counts (kAnyGroupOrder: as many as the first).
std::uintmax_t read_entries(const std::string& path, std::size_t group_order, std::vector<SubproblemResult>& known, std::size_t& finished) {
    std::ifstream in(path, std::ios::binary);
    std::string line;
    long number = 0;
    std::uintmax_t whole = 0;
    while (std::getline(in, line)) {
        ++number;
        if (in.eof()) break;  // torn last line: no newline
        whole += line.size() + 1;
        if (number == 1) continue;
        std::size_t id = 0;
        SubproblemResult r;
        const bool parsed = parse_entry(line, id, r);
        if (parsed && group_order == kAnyGroupOrder) group_order = r.fixed.size();
        if (!parsed || id >= known.size() || r.fixed.size() != group_order)
            throw InputError(located(path, number, 0, "damaged journal line (its check does not match)"));
        if (known[id].finished) throw InputError(located(path, number, 0, "subproblem " + std::to_string(id) + " is recorded twice"));
        known[id] = r;  // a partial line supersedes the one before it
        finished += r.finished ? 1 : 0;
    }
    return whole;
}

}  // namespace

double as_journaled(double seconds) { return std::strtod(seconds_field(seconds).c_str(), nullptr); }

std::string run_fingerprint(const Matrix& matrix, int depth, const std::string& mode) {
    return Hash64().add(matrix.fingerprint()).add(static_cast<std::uint64_t>(depth)).add(mode).add(std::string_view(kVersion)).hex();
}

namespace {

// The header of the journal at `path`, or nullopt where there is none yet; a file that is no
// journal is refused with `refusal`.
std::optional<JournalHeader> header_in(const std::string& path, const char* refusal) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (!std::filesystem::exists(status)) return std::nullopt;
    if (std::filesystem::is_directory(status)) throw InputError(path + ": is a directory, not a journal");
    if (!std::filesystem::is_regular_file(status)) throw InputError(path + ": not a regular file, so not a journal");
    std::ifstream in = open_to_read(path, "cannot open the journal");
    std::string line;
    if (!std::getline(in, line)) return std::nullopt;  // empty
    // No newline: a header torn by a crash while it was written, or a file that is no journal
    // at all (a JSON result, a binary), which must not be overwritten.
    const auto header = in.eof() ? std::nullopt : parse_header(line, path);
    if (in.eof() && (line.starts_with(kMagic) || std::string_view(kMagic).starts_with(line))) return std::nullopt;
    if (!header) throw InputError(located(path, 1, 0, refusal));
    return header;
}

}  // namespace

std::optional<JournalHeader> read_journal_header(const std::string& path) {
    return header_in(path, "not an xcount checkpoint journal (not overwriting it)");
}

JournalContents read_journal(const std::string& path) {
    const auto header = header_in(path, "not an xcount checkpoint journal");  // status only reads it
    if (!header) throw InputError(path + ": no journal there (missing, empty, or its header not written yet)");
    JournalContents contents{*header, std::vector<SubproblemResult>(header->subproblems), false};
    std::size_t finished = 0;
    read_entries(path, kAnyGroupOrder, contents.results, finished);
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        contents.in_use = ::flock(fd, LOCK_SH | LOCK_NB) != 0;  // a running xcount holds it exclusively
        ::close(fd);
    }
    return contents;
}

Journal::Journal(const std::string& path, const JournalHeader& header, std::vector<SubproblemResult>& known)
    : path_(path), last_sync_(std::chrono::steady_clock::now()) {
    known.assign(header.subproblems, SubproblemResult{});
    const auto existing = read_journal_header(path);
    // Locked for the whole run: two processes appending to one journal would corrupt it.
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) throw InputError(path + ": cannot open the journal for writing: " + std::strerror(errno));
    fd_ = fd;
    try {
        load(header, existing, known);
    } catch (...) {
        ::close(fd_);
        throw;
    }
}

void Journal::load(const JournalHeader& header, const std::optional<JournalHeader>& existing, std::vector<SubproblemResult>& known) {
    const std::string& path = path_;
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) throw InputError(path + ": the journal is in use by another running xcount");
    if (existing && existing->fingerprint != header.fingerprint)
        throw InputError(path +
                         ": this journal belongs to another run (another problem, depth, mode or version: "
                         "fingerprint " +
                         existing->fingerprint + ", this run " + header.fingerprint + ")");
    if (existing && existing->subproblems != header.subproblems)
        throw InputError(path + ": the journal says " + std::to_string(existing->subproblems) + " subproblems, this run has " +
                         std::to_string(header.subproblems));
    if (existing && (existing->shard_index != header.shard_index || existing->shard_count != header.shard_count))
        throw InputError(path + ": this journal is " + share_name(*existing) + "'s, this run is " + share_name(header) +
                         " (one journal a shard: --checkpoint part-I.journal)");
    if (existing) size_ = read_entries(path, header.group_order, known, recorded_);
    if (::ftruncate(fd_, static_cast<off_t>(size_)) != 0)
        throw InputError(path + ": cannot cut the journal back to its last whole line: " + std::strerror(errno));
    if (!existing) {
        append(header_line(header) + "\n");
        sync();
    }
}

Journal::~Journal() {
    if (fd_ < 0) return;
    ::fsync(fd_);  // errors were reported by the last sync() the run made
    ::close(fd_);
}

void Journal::append(const std::string& line) {
    if (!write_all(fd_, line)) fail("cannot write the journal");
    size_ += line.size();
}

void Journal::fail(const std::string& what) {
    const std::string why = std::strerror(errno);
    const bool cut = ::ftruncate(fd_, static_cast<off_t>(size_)) == 0;  // no torn line left behind
    throw JournalError(path_ + ": " + what + ": " + why +
                       (cut ? "" : "; and it could not be cut back to its last whole line: " + std::string(std::strerror(errno))));
}

void Journal::record(std::size_t id, const SubproblemResult& result) {
    const std::string body = body_of(id, result);
    append(body + " " + Hash64().add(body).hex() + "\n");
    recorded_ += result.finished ? 1 : 0;
    if (std::chrono::steady_clock::now() - last_sync_ >= kSyncEvery) sync();
}

void Journal::sync() {
    if (::fsync(fd_) != 0) fail("cannot flush the journal to the disk");
    last_sync_ = std::chrono::steady_clock::now();
}

}  // namespace xcount
