#include "xcount/journal.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cinttypes>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "xcount/hash.hpp"
#include "xcount/version.hpp"

namespace xcount {

namespace {

constexpr const char* kMagic = "xcount-journal 1";
constexpr auto kSyncEvery = std::chrono::seconds(5);

std::string header_line(const JournalHeader& h) {
    return std::string(kMagic) + " fingerprint=" + h.fingerprint + " depth=" + std::to_string(h.depth) +
           " subproblems=" + std::to_string(h.subproblems);  // group_order is in the fingerprint's mode
}

std::optional<JournalHeader> parse_header(const std::string& line) {
    JournalHeader h;
    char fingerprint[64];
    unsigned long long subproblems = 0;
    int consumed = 0;
    if (std::sscanf(line.c_str(), "xcount-journal 1 fingerprint=%63s depth=%d subproblems=%llu%n", fingerprint, &h.depth,
                    &subproblems, &consumed) != 3 ||
        static_cast<std::size_t>(consumed) != line.size())
        return std::nullopt;
    h.fingerprint = fingerprint;
    h.subproblems = subproblems;
    return h;
}

std::string body_of(std::size_t id, const SubproblemResult& r) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.6f", r.seconds);
    std::string body = std::to_string(id) + " " + to_string(r.stats.solutions) + " " + std::to_string(r.stats.updates) + " " +
                       std::to_string(r.stats.nodes) + " " + seconds;
    if (!r.fixed.empty()) {
        body += " fixed=";
        for (std::size_t k = 0; k < r.fixed.size(); ++k) body += (k ? "," : "") + to_string(r.fixed[k]);
    }
    return body;
}

// "fixed=a,b,c" into counts; false when malformed.
bool parse_fixed(const std::string& field, std::vector<Count>& fixed) {
    if (field.rfind("fixed=", 0) != 0) return false;
    std::istringstream parts(field.substr(6));
    std::string part;
    while (std::getline(parts, part, ',')) {
        const auto value = parse_count(part);
        if (!value) return false;
        fixed.push_back(*value);
    }
    return !fixed.empty();
}

// One recorded line: "id solutions updates nodes seconds check".
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
    if (in >> extra && !parse_fixed(extra, r.fixed)) return false;
    if (in >> extra) return false;
    id = id_value;
    r.stats.solutions = *count;
    r.finished = true;
    return true;
}

}  // namespace

std::string run_fingerprint(const Matrix& matrix, int depth, const std::string& mode) {
    return Hash64()
        .add(matrix.fingerprint())
        .add(static_cast<std::uint64_t>(depth))
        .add(mode)
        .add(std::string_view(kVersion))
        .hex();
}

std::optional<JournalHeader> read_journal_header(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(path + ": is a directory, not a journal");
    std::ifstream in(path, std::ios::binary);
    std::string line;
    if (!in || !std::getline(in, line) || in.eof()) return std::nullopt;  // missing, empty or torn header
    auto header = parse_header(line);
    if (!header) throw InputError(located(path, 1, 0, "not an xcount checkpoint journal"));
    return header;
}

Journal::Journal(const std::string& path, const JournalHeader& header, std::vector<SubproblemResult>& known)
    : path_(path), last_sync_(std::chrono::steady_clock::now()) {
    known.assign(header.subproblems, SubproblemResult{});
    const auto existing = read_journal_header(path);
    // Locked for the whole run: two processes appending to one journal would corrupt it.
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) throw InputError(path + ": cannot open the journal for writing");
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(::fdopen(fd, "a"), &std::fclose);
    if (!file) {
        ::close(fd);
        throw InputError(path + ": cannot open the journal for writing");
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) throw InputError(path + ": the journal is in use by another running xcount");
    if (existing && existing->fingerprint != header.fingerprint)
        throw InputError(path + ": this journal belongs to another run (another problem, depth, mode or version: "
                                "fingerprint " + existing->fingerprint + ", this run " + header.fingerprint + ")");
    if (existing && existing->subproblems != header.subproblems)
        throw InputError(path + ": the journal says " + std::to_string(existing->subproblems) + " subproblems, this run has " +
                         std::to_string(header.subproblems));
    std::uintmax_t keep = 0;  // bytes of the file that hold complete lines
    if (existing) {
        std::ifstream in(path, std::ios::binary);
        std::string line;
        long number = 0;
        while (std::getline(in, line)) {
            ++number;
            if (in.eof()) break;  // torn last line: no newline
            keep += line.size() + 1;
            if (number == 1) continue;
            std::size_t id = 0;
            SubproblemResult r;
            if (!parse_entry(line, id, r) || id >= known.size() || r.fixed.size() != header.group_order)
                throw InputError(located(path, number, 0, "damaged journal line (its check does not match)"));
            if (known[id].finished)
                throw InputError(located(path, number, 0, "subproblem " + std::to_string(id) + " is recorded twice"));
            known[id] = r;
        }
    }
    if (::ftruncate(fd, static_cast<off_t>(keep)) != 0) throw InputError(path + ": cannot cut off a torn last line");
    file_ = file.release();
    if (!existing) {
        std::fprintf(file_, "%s\n", header_line(header).c_str());
        sync();
    }
}

Journal::~Journal() {
    if (file_ == nullptr) return;
    sync();
    std::fclose(file_);
}

void Journal::record(std::size_t id, const SubproblemResult& result) {
    const std::string body = body_of(id, result);
    std::fprintf(file_, "%s %s\n", body.c_str(), Hash64().add(body).hex().c_str());
    std::fflush(file_);
    if (std::chrono::steady_clock::now() - last_sync_ >= kSyncEvery) sync();
}

void Journal::sync() {
    std::fflush(file_);
    ::fsync(fileno(file_));
    last_sync_ = std::chrono::steady_clock::now();
}

}  // namespace xcount
