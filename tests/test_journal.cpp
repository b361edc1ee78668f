#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <fstream>

#include "queens.hpp"
#include "xcount/journal.hpp"
#include "xcount/runner.hpp"
#include "xcount/shard.hpp"

using namespace xcount;

namespace {

struct TempFile {
    std::string path;
    explicit TempFile(const std::string& name)
        : path((std::filesystem::temp_directory_path() / ("xcount-test-" + name + "-" + std::to_string(::getpid()))).string()) {
        std::filesystem::remove(path);
    }
    ~TempFile() { std::filesystem::remove(path); }
};

std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_all(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

struct Fixture {
    Matrix matrix = make_queens(8).matrix;
    Split split = split_at_depth(matrix, 2);
    JournalHeader header{run_fingerprint(matrix, 2, "count"), 2, split.size()};
    RunReport full = run_split(matrix, split, {}, RunOptions{.threads = 1});

    // A journal at `path` holding subproblems 0 and 1.
    void write_two(const std::string& path) const {
        std::vector<SubproblemResult> known;
        Journal journal(path, header, known);
        journal.record(0, full.results[0]);
        journal.record(1, full.results[1]);
    }
};

}  // namespace

TEST_CASE("a journal records finished subproblems and a resumed run counts each once", "[journal]") {
    Fixture f;
    TempFile file("resume");
    {
        std::vector<SubproblemResult> known;
        Journal journal(file.path, f.header, known);
        CHECK(known.size() == f.split.size());
        for (std::size_t id = 0; id < f.split.size(); id += 3) journal.record(id, f.full.results[id]);
    }
    std::vector<SubproblemResult> known;
    Journal journal(file.path, f.header, known);
    std::size_t recorded = 0;
    for (std::size_t id = 0; id < known.size(); ++id) {
        CHECK(known[id].finished == (id % 3 == 0));
        if (known[id].finished) {
            ++recorded;
            CHECK(known[id].stats.solutions == f.full.results[id].stats.solutions);
            CHECK(known[id].stats.updates == f.full.results[id].stats.updates);
        }
    }
    CHECK(recorded == (f.split.size() + 2) / 3);
    const RunReport resumed = run_split(f.matrix, f.split, known, RunOptions{.threads = 2});
    CHECK(resumed.total.solutions == 92);
    CHECK(resumed.total.updates == f.full.total.updates);
    CHECK(resumed.total.nodes == f.full.total.nodes);
}

TEST_CASE("a torn last line is ignored, cut off and redone", "[journal]") {
    Fixture f;
    TempFile file("torn");
    f.write_two(file.path);
    std::string text = read_all(file.path);
    write_all(file.path, text.substr(0, text.size() - 7));  // the process died mid-line
    {
        std::vector<SubproblemResult> known;
        Journal journal(file.path, f.header, known);
        CHECK(known[0].finished);
        CHECK_FALSE(known[1].finished);
        journal.record(1, f.full.results[1]);
    }
    CHECK(read_all(file.path) == text);  // the same bytes as if nothing had happened
}

TEST_CASE("a journal of another run, or a damaged one, is refused", "[journal][bad-input]") {
    Fixture f;
    TempFile file("foreign");
    f.write_two(file.path);
    std::vector<SubproblemResult> known;
    SECTION("another depth") {
        const JournalHeader other{run_fingerprint(f.matrix, 3, "count"), 3, f.split.size()};
        CHECK_THROWS_WITH(Journal(file.path, other, known), Catch::Contains("belongs to another run"));
    }
    SECTION("another problem") {
        const Matrix q9 = make_queens(9).matrix;
        const JournalHeader other{run_fingerprint(q9, 2, "count"), 2, f.split.size()};
        CHECK_THROWS_WITH(Journal(file.path, other, known), Catch::Contains("belongs to another run"));
    }
    SECTION("a hand-edited count") {
        std::string text = read_all(file.path);
        const auto line2 = text.find('\n') + 1;
        const auto space = text.find(' ', line2);
        text[space + 1] = text[space + 1] == '9' ? '8' : '9';
        write_all(file.path, text);
        CHECK_THROWS_WITH(Journal(file.path, f.header, known), Catch::Contains(":2: damaged journal line"));
    }
    SECTION("a line recorded twice") {
        std::string text = read_all(file.path);
        const auto line2 = text.find('\n') + 1;
        const auto line3 = text.find('\n', line2) + 1;
        write_all(file.path, text + text.substr(line2, line3 - line2));
        CHECK_THROWS_WITH(Journal(file.path, f.header, known), Catch::Contains("is recorded twice"));
    }
    SECTION("a hand-edited header (the depth), which status would otherwise show") {
        std::string text = read_all(file.path);
        const auto depth = text.find(" depth=") + 7;
        text[depth] = text[depth] == '2' ? '3' : '2';
        write_all(file.path, text);
        CHECK_THROWS_WITH(read_journal_header(file.path), Catch::Contains(":1: the journal's header was changed or damaged"));
        CHECK_THROWS_WITH(read_journal(file.path), Catch::Contains(":1: the journal's header was changed or damaged"));
        CHECK_THROWS_WITH(Journal(file.path, f.header, known), Catch::Contains(":1: the journal's header was changed or damaged"));
    }
    SECTION("a header without a check (an earlier version's) is still read") {
        std::string text = read_all(file.path);
        const auto check = text.find(" check=");
        text.erase(check, text.find('\n') - check);
        write_all(file.path, text);
        CHECK(read_journal_header(file.path)->depth == f.header.depth);
        CHECK(read_journal(file.path).results[0].finished);
    }
    SECTION("not a journal at all") {
        write_all(file.path, "a b c\nd e\n");
        CHECK_THROWS_WITH(Journal(file.path, f.header, known), Catch::Contains(":1: not an xcount checkpoint journal"));
    }
}

TEST_CASE("a shard's journal names its shard, and only that shard resumes it", "[journal][shard]") {
    Fixture f;
    TempFile file("shard");
    JournalHeader shard = f.header;
    shard.shard_index = 1;
    shard.shard_count = 3;
    {
        std::vector<SubproblemResult> known;
        Journal journal(file.path, shard, known);
        journal.record(1, f.full.results[1]);
    }
    const JournalHeader read = *read_journal_header(file.path);
    CHECK(read.shard_index == 1);
    CHECK(read.shard_count == 3);
    CHECK(read.share() == (f.split.size() + 1) / 3);
    CHECK(read.owns(4));
    CHECK_FALSE(read.owns(3));
    std::vector<SubproblemResult> known;
    CHECK(Journal(file.path, shard, known).recorded() == 1);
    JournalHeader other = shard;
    other.shard_index = 2;
    CHECK_THROWS_WITH(Journal(file.path, other, known), Catch::Contains("this journal is shard 1/3's, this run is shard 2/3"));
    CHECK_THROWS_WITH(Journal(file.path, f.header, known), Catch::Contains("this journal is shard 1/3's, this run is a whole count"));
    SECTION("a shard that is none of its count's is no header") {
        for (const char* bad : {"shard=3/3", "shard=0/1", "shard=1/", "shard=1/3x"}) {
            std::string text = read_all(file.path);
            const auto at = text.find("shard=");
            text.replace(at, text.find(' ', at) - at, bad);
            const auto check = text.find(" check=");  // a header without a check is read, so that only the field is judged
            text.erase(check, text.find('\n') - check);
            TempFile edited("shard-bad");
            write_all(edited.path, text);
            CHECK_THROWS_WITH(read_journal_header(edited.path), Catch::Contains("not an xcount checkpoint journal"));
        }
    }
}

TEST_CASE("a stream's journal keeps how long its file was after each subproblem", "[journal][stream]") {
    Fixture f;
    TempFile file("stream");
    SubproblemResult streamed = f.full.results[0];
    streamed.streamed_to = 0;  // a first subproblem without a solution: the file is still empty
    SubproblemResult later = f.full.results[1];
    later.streamed_to = 4096;
    {
        std::vector<SubproblemResult> known;
        Journal journal(file.path, f.header, known);
        journal.record(0, streamed);
        journal.record(1, later);
    }
    const JournalContents read = read_journal(file.path);
    REQUIRE(read.results[0].streamed_to);
    CHECK(*read.results[0].streamed_to == 0);
    CHECK(*read.results[1].streamed_to == 4096);
    CHECK_FALSE(read.results[2].streamed_to);
    CHECK(read.results[1].stats.solutions == f.full.results[1].stats.solutions);
}

TEST_CASE("one journal, one writer: a second run on the same file is refused while the first holds it", "[journal]") {
    Fixture f;
    TempFile file("locked");
    std::vector<SubproblemResult> known;
    Journal first(file.path, f.header, known);
    std::vector<SubproblemResult> again;
    CHECK_THROWS_WITH(Journal(file.path, f.header, again), Catch::Contains("in use by another running xcount"));
}

// A full disk, made in-process: RLIMIT_FSIZE stops writes at a byte count (EFBIG, with
// SIGXFSZ ignored), which cuts a line in the middle just as ENOSPC does.
struct FileSizeLimit {
    rlimit saved{};
    void (*handler)(int);
    explicit FileSizeLimit(rlim_t bytes) {
        handler = std::signal(SIGXFSZ, SIG_IGN);
        getrlimit(RLIMIT_FSIZE, &saved);
        rlimit limit = saved;
        limit.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FileSizeLimit() {
        setrlimit(RLIMIT_FSIZE, &saved);
        std::signal(SIGXFSZ, handler);
    }
};

TEST_CASE("a write that fails leaves whole lines only, says why, and the journal resumes", "[journal][faults]") {
    Fixture f;
    TempFile file("full");
    std::size_t written = 0;
    std::string message;
    {
        std::vector<SubproblemResult> known;
        Journal journal(file.path, f.header, known);
        const auto header_bytes = std::filesystem::file_size(file.path);
        FileSizeLimit limit(header_bytes + 150);  // room for two lines and part of a third
        try {
            for (std::size_t id = 0; id < f.split.size(); ++id, ++written) journal.record(id, f.full.results[id]);
        } catch (const JournalError& e) {
            message = e.what();
        }
        CHECK(journal.recorded() == written);
    }
    CHECK(written >= 1);
    CHECK(written < f.split.size());
    CHECK(message == file.path + ": cannot write the journal: File too large");
    const std::string text = read_all(file.path);
    CHECK(text.back() == '\n');  // no torn line left behind
    CHECK(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) == 1 + written);
    std::vector<SubproblemResult> known;
    Journal journal(file.path, f.header, known);
    for (std::size_t id = 0; id < known.size(); ++id) CHECK(known[id].finished == (id < written));
    for (std::size_t id = written; id < known.size(); ++id) journal.record(id, f.full.results[id]);
    const RunReport resumed = run_split(f.matrix, f.split, known, RunOptions{.threads = 1});
    CHECK(resumed.total.solutions == 92);  // OEIS A000170
}

TEST_CASE("a file that is not a journal is refused, never overwritten", "[journal][bad-input]") {
    Fixture f;
    TempFile file("foreign");
    for (const std::string& text : {std::string("{\"solutions\": 92}"),
                                    std::string("\x7f"
                                                "ELF\x02\x01"),
                                    std::string("A B C\n")}) {
        write_all(file.path, text);
        std::vector<SubproblemResult> known;
        CHECK_THROWS_WITH(Journal(file.path, f.header, known), file.path + ":1: not an xcount checkpoint journal (not overwriting it)");
        CHECK(read_all(file.path) == text);
    }
    write_all(file.path, "xcount-journal 1 finger");  // a header torn by a crash: started afresh
    std::vector<SubproblemResult> known;
    { Journal journal(file.path, f.header, known); }
    CHECK(read_all(file.path).starts_with("xcount-journal 1 fingerprint=" + f.header.fingerprint));
}

TEST_CASE("a shard file keeps any name on its line: newlines and separators cannot forge fields", "[shard][faults]") {
    TempFile file("shard");
    ShardResult s;
    s.fingerprint = "0123456789abcdef";
    s.depth = 1;
    s.subproblems = 2;
    s.index = 0;
    s.count = 1;
    s.problem = "k\nsolutions 1000000\nupdates 30\nids 2 0 1\\x41;=\tz.dlx";
    s.total.solutions = 1;
    s.element_names = {"identity", "a;b=c\nsolutions 9"};
    s.fixed = {1, 0};
    s.ids = {0, 1};
    write_shard(file.path, s);
    const std::string text = read_all(file.path);
    CHECK(std::count(text.begin(), text.end(), '\n') == 14);  // 13 lines and the check, whatever the names
    const ShardResult back = read_shard(file.path);
    CHECK(back.problem == s.problem);
    CHECK(back.element_names == s.element_names);
    CHECK(back.total.solutions == 1);
    CHECK(back.fixed == s.fixed);
    const ShardResult merged = merge_shards({file.path});
    CHECK(merged.total.solutions == 1);
}

TEST_CASE("a subproblem stopped part way is journaled with its position, and the last line for it counts", "[journal][resume]") {
    Fixture f;
    TempFile file("partial");
    SubproblemResult first;
    first.stats = {5, 700, 40, true};
    first.seconds = 1.5;
    first.position = {3, 17, 29};
    SubproblemResult later = first;
    later.stats = {9, 1200, 75, true};
    later.position = {4, 2};
    {
        std::vector<SubproblemResult> known;
        Journal journal(file.path, f.header, known);
        journal.record(3, first);
        journal.record(3, later);
        journal.record(5, first);
        journal.record(5, f.full.results[5]);  // then finished
        CHECK(journal.recorded() == 1);
    }
    std::vector<SubproblemResult> known;
    {
        Journal journal(file.path, f.header, known);
        CHECK(journal.recorded() == 1);
    }
    CHECK_FALSE(known[3].finished);
    CHECK(known[3].partial());
    CHECK(known[3].position == later.position);
    CHECK(known[3].stats.solutions == 9);
    CHECK(known[3].stats.updates == 1200);
    CHECK(known[3].stats.nodes == 75);
    CHECK(known[5].finished);
    CHECK(known[5].position.empty());
    CHECK(known[5].stats.solutions == f.full.results[5].stats.solutions);
    {
        std::vector<SubproblemResult> again;
        Journal journal(file.path, f.header, again);
        journal.record(5, first);  // a partial line after the finished one: never written by a run
    }
    std::vector<SubproblemResult> refused;
    CHECK_THROWS_WITH(Journal(file.path, f.header, refused), Catch::Contains("subproblem 5 is recorded twice"));
}
