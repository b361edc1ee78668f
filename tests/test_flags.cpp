#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/flag_table.hpp"
#include "cli/manual.hpp"
#include "cli/memory.hpp"
#include "cli/settings.hpp"
#include "queens.hpp"
#include "xcount/error.hpp"
#include "xcount/memory_limit.hpp"

using namespace xcount;
using namespace xcount::cli;

namespace {

// A generated table sits in a Markdown file between these two lines.
std::string begin_marker(const std::string& what) { return "<!-- flags: " + what + " (generated from src/cli/flag_table.cpp) -->\n"; }
const std::string kEndMarker = "<!-- end of flags -->\n";

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

struct GeneratedTable {
    std::string file, what;
    unsigned scope;
    bool commands;
};

const GeneratedTable kTables[] = {
    {XCOUNT_SOURCE_DIR "/docs/flags.md", "every command", kCount | kSolve | kShow | kEstimate | kExport | kMerge | kVerify | kGenerate,
     true},
    {XCOUNT_SOURCE_DIR "/docs/flags.md", "job files", kJob, false},
};

// The file with each table's block replaced by what the flag table gives now.
std::string regenerated(const GeneratedTable& t) {
    std::string text = read_text(t.file);
    const std::size_t begin = text.find(begin_marker(t.what));
    const std::size_t end = text.find(kEndMarker, begin);
    if (begin == std::string::npos || end == std::string::npos) return "(no block '" + t.what + "' in " + t.file + ")";
    const std::size_t from = begin + begin_marker(t.what).size();
    return text.replace(from, end - from, markdown_flags(t.scope, t.commands));
}

// `xcount count` given these flags, as Settings.
Settings parse(const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    po::variables_map values;
    po::store(po::command_line_parser(args).options(flags_of(kCount)).run(), values);
    return read_settings(Command::count, values);
}

}  // namespace

TEST_CASE("the flag tables of docs/flags.md are the flag table's (regenerate: xcount_tests [.write-flags])", "[flags]") {
    for (const auto& t : kTables) {
        INFO(t.file << ", block '" << t.what << "'");
        CHECK(read_text(t.file) == regenerated(t));
    }
}

TEST_CASE("write the flag tables into docs/flags.md", "[.write-flags]") {
    for (const auto& t : kTables) {
        const std::string text = regenerated(t);
        std::ofstream(t.file, std::ios::binary) << text;
    }
}

TEST_CASE("every command's --help lists its rows of the flag table, once each", "[flags]") {
    for (const unsigned scope : {kCount, kSolve, kShow, kEstimate, kExport, kMerge, kVerify, kGenerate, kJob, kStatus}) {
        const auto flags = flags_of(scope);
        std::set<std::string> names;
        for (const Flag& f : flag_table()) {
            if ((f.scopes & scope) == 0) continue;
            std::string name = f.name;
            name = name.substr(0, name.find(','));
            names.insert(name);
            INFO("--" << name);
            CHECK(flags.find_nothrow(name, false) != nullptr);
        }
        CHECK(flags.options().size() == names.size());
    }
}

TEST_CASE("rows that share a name never share a command", "[flags]") {
    const auto table = flag_table();
    for (std::size_t a = 0; a < table.size(); ++a)
        for (std::size_t b = a + 1; b < table.size(); ++b)
            if (std::string(table[a].name) == table[b].name) {
                INFO(table[a].name);
                CHECK((table[a].scopes & table[b].scopes) == 0);
            }
}

TEST_CASE("an integer flag is checked against its row's range, and the message says it", "[flags]") {
    CHECK(parse({"--threads", "4096"}).run.threads == 4096);
    CHECK_THROWS_WITH(parse({"--threads", "4097"}), "--threads must be between 0 and 4096, not 4097");
    CHECK_THROWS_WITH(parse({"--limit", "-1"}), "--limit must be between 0 and 4611686018427387904, not -1");
}

TEST_CASE("each row reads its flag into the request it names: runner, plan or the command's settings", "[flags]") {
    const Settings s = parse({"--memo-memory", "1M", "--node-limit", "5", "--split-depth", "3", "--symmetry", "reduce", "--shard", "1/4",
                              "--out", "f", "--engine", "bits", "--profile", "--threads", "3", "--choose", "max"});
    CHECK(s.run.memo_bytes == std::size_t{1} << 20);
    CHECK(s.limits.max_nodes == 5);
    CHECK(s.run.shard_index == 1);
    CHECK(s.run.shard_count == 4);
    CHECK(s.plan.method.engine == EngineKind::bits);
    CHECK(s.run.profile);
    CHECK(s.run.threads == 3);
    CHECK(s.plan.depth == 3);
    CHECK(s.plan.symmetry == SymmetryMode::reduce);
    CHECK(s.plan.method.choice.rule == ChooseRule::max);
    CHECK(s.plan.method.rule_given);
    CHECK(s.out == "f");
    // Defaults come from the rows too, and a rule between flags from validate().
    const Settings plain = parse({});
    CHECK(plain.run.threads == 0);
    CHECK(!plain.plan.depth);
    CHECK(plain.plan.symmetry == SymmetryMode::automatic);
    CHECK(plain.run.memo_bytes == 0);  // the table's bound is decided with the problem (memo_table_bytes)
    CHECK(!plain.max_memory_given);
    CHECK(plain.max_memory > 0);
    CHECK(!plain.plan.method.rule_given);
    // The rule left to the engine is decided with it, once (decide_method): memo walks the scan rule.
    const Matrix queens = make_queens(6).matrix;
    CHECK(decide_method(queens, parse({"--engine", "memo"}).plan.method).choice.rule == ChooseRule::scan);
    CHECK(decide_method(queens, parse({"--engine", "dlx"}).plan.method).choice.rule == ChooseRule::mrv);
    CHECK_THROWS_WITH(parse({"--shard", "1/4"}), "--shard needs --out FILE (the result file to merge)");
    CHECK_THROWS_WITH(parse({"--node-limit", "0"}), "--node-limit must be between 1 and 2^64-1, not 0");
    CHECK_THROWS_WITH(parse({"--engine", "fast"}),
                      Catch::StartsWith("--engine must be auto, dlx, cells, bits, scan") && Catch::EndsWith(", not 'fast'"));
    CHECK_THROWS_WITH(parse({"--symmetry", "x"}), "--symmetry must be auto, none, check, reduce or full, not 'x'");
}

TEST_CASE("every flag of a command that builds a problem has a row that stores it", "[flags]") {
    for (const Flag& f : flag_table()) {
        INFO(f.name);
        if ((f.scopes & (kCount | kSolve | kShow | kEstimate | kExport | kMerge)) != 0 && std::string(f.name) != "files")
            CHECK(f.store != nullptr);
    }
}

TEST_CASE("the manual page and the bash completion list every flag of the table", "[flags]") {
    const std::string man = man_page(), completion = bash_completion();
    for (const Flag& f : flag_table()) {
        std::string name = f.name;
        name = name.substr(0, name.find(','));
        INFO("--" << name);
        if ((f.scopes & ~kJob) != 0) CHECK(completion.find("--" + name) != std::string::npos);
        std::string roffed;
        for (char c : name) roffed += c == '-' ? std::string("\\-") : std::string(1, c);
        if ((f.scopes & ~kJob) != 0) CHECK(man.find(".B \\-\\-" + roffed) != std::string::npos);
    }
    for (const auto& [command, summary] : command_summaries()) CHECK(man.find(".B " + command + "\n") != std::string::npos);
}

TEST_CASE("the memo table takes what --max-memory leaves, and a table that does not fit is refused", "[flags][memory]") {
    const MatrixSize size{1e5, 1e6, 1e4};
    const double rest = memory_needed(size, 3);
    const std::uint64_t bound = std::uint64_t{512} << 20;
    const std::size_t table = memo_table_bytes(0, bound, size, 3);
    CHECK(static_cast<double>(table) + rest < static_cast<double>(bound));
    CHECK(table > (std::size_t{384} << 20));  // the rest of a count this size is under 128 MiB
    CHECK(memo_table_bytes(std::size_t{64} << 20, bound, size, 3) == (std::size_t{64} << 20));
    CHECK_THROWS_WITH(memo_table_bytes(std::size_t{500} << 20, bound, size, 3),
                      Catch::StartsWith("--memo-memory 500.0 MiB and the rest of the count (about ") &&
                          Catch::EndsWith("pass --max-memory 512.0 MiB; give a smaller --memo-memory or a larger --max-memory"));
    CHECK(memo_table_bytes(0, std::nullopt, size, 3) <= usable_memory().bytes / 4);
    CHECK_THROWS_WITH(check_memo_memory(std::uint64_t{4} << 30, std::uint64_t{1} << 30),
                      "--memo-memory 4.0 GiB is more than --max-memory 1.0 GiB: the table is part of what --max-memory bounds");
    CHECK_THROWS_WITH(check_memo_memory(usable_memory().bytes + 1, std::nullopt), Catch::Contains("is more than this process may use"));
}

TEST_CASE("sizes are whole bytes or a number of units of at least 1, nothing else", "[flags][memory]") {
    CHECK(parse_memory("1000000") == 1000000);
    CHECK(parse_memory("512M") == (std::uint64_t{512} << 20));
    CHECK(parse_memory("1.5G") == (std::uint64_t{3} << 29));
    CHECK(parse_memory("2k") == 2048);
    for (const char* bad : {"0x10", "1e3", "0.5K", "1.5", "0", "", "M", "1.G", "-1M", " 1M", "1M ", "1MB", "1.5.5G"})
        CHECK_THROWS_WITH(parse_memory(bad, "memo-memory"), Catch::StartsWith("--memo-memory is a size: "));
}
