#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include "helpers.hpp"
#include "queens.hpp"
#include "xcount/dancer.hpp"

using namespace xcount;

namespace {

std::string error_of(const std::string& text) {
    try {
        test::dlx(text);
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

Count count_of(const Matrix& m) { return Dancer(m).count().solutions; }

}  // namespace

TEST_CASE("the reader takes Knuth's example with comments, blank lines and CRLF", "[dlx]") {
    const Matrix m = test::dlx(test::kKnuthExample);
    CHECK(m.item_count() == 7);
    CHECK(m.primary_count() == 5);
    CHECK(m.option_count() == 6);
    CHECK(count_of(m) == 1);

    std::string crlf;
    for (char c : std::string(test::kKnuthExample)) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    CHECK(count_of(test::dlx("\n  | leading comment\n\n" + crlf + "\n\n")) == 1);
}

TEST_CASE("the reader takes long names, UTF-8 names and a bar that touches a name", "[dlx]") {
    const Matrix m = test::dlx(
        "a_rather_long_item_name été|secondary_item\n"
        "a_rather_long_item_name secondary_item\nété\n");
    CHECK(m.primary_count() == 2);
    CHECK(m.item(2).name == "secondary_item");
    CHECK_FALSE(m.is_primary(2));
    CHECK(count_of(m) == 1);
}

TEST_CASE("an option with no primary item is dropped with a warning naming its line", "[dlx]") {
    const Matrix m = test::dlx("a | s\na\ns\n");
    CHECK(m.option_count() == 1);
    REQUIRE(m.warnings().size() == 1);
    CHECK(m.warnings()[0] == "test.dlx:3: option has no primary item; dropped");
}

TEST_CASE("every malformed input is refused with file, line, column and reason", "[dlx][bad-input]") {
    CHECK(error_of("") == "test.dlx: no item line: the file has no items");
    CHECK(error_of("| only\n| comments\n\n") == "test.dlx: no item line: the file has no items");
    CHECK(error_of("a b\na c\n") == "test.dlx:2:3: unknown item 'c'");
    CHECK(error_of("a b a\n") == "test.dlx:1:5: duplicate item name 'a'");
    CHECK(error_of("a b\nb a b\n") == "test.dlx:2:5: item 'b' appears twice in one option");
    CHECK(error_of("a | b | c\n") == "test.dlx:1:7: the item line has a second '|'");
    CHECK(error_of("a b\na b:red\n") == "test.dlx:2:3: item 'b' is primary: only a secondary item takes a colour");
    CHECK(error_of("a | b\na b:\n") == "test.dlx:2:4: 'b:': a colour is written item:colour");
    CHECK(error_of("a | b\na b:r:s\n") == "test.dlx:2:4: 'b:r:s': a colour is written item:colour");
    CHECK(error_of("a | b\na c:red\n") == "test.dlx:2:3: unknown item 'c'");
    CHECK(error_of("1:3|a b\n") == "no error");  // DLX3's multiplicity (test_multiplicity.cpp)
    CHECK(error_of("a 1:x|b\n") == "test.dlx:1:3: item '1:x': a multiplicity is written lo:hi|item, an item name has no ':'");
    CHECK(error_of("a b\nab\x01\n") == "test.dlx:2:3: control character (byte 1): not a text file?");
    CHECK_THAT(error_of(std::string("a\0b\n", 4)), Catch::Contains("control character (byte 0)"));
}

TEST_CASE("a 10 MB line gives a one-line message, not a 10 MB one", "[dlx][bad-input]") {
    const std::string message = error_of("a\n" + std::string(10 << 20, 'x') + "\n");
    CHECK_THAT(message, Catch::StartsWith("test.dlx:2:1: unknown item 'xxxx"));
    CHECK(message.size() < 200);
}

TEST_CASE("files: a missing file and a directory are refused by name", "[dlx][bad-input]") {
    CHECK_THROWS_WITH(read_dlx_file("/nonexistent/q.dlx"), "/nonexistent/q.dlx: cannot open file: No such file or directory");
    const auto dir = std::filesystem::temp_directory_path().string();
    CHECK_THROWS_WITH(read_dlx_file(dir), dir + ": is a directory, not a DLX file");
}

TEST_CASE("export then read gives the same matrix and the same count", "[dlx]") {
    for (int n : {1, 4, 8}) {
        const Problem p = make_queens(n);
        std::ostringstream out;
        write_dlx(out, p.matrix, "queens\nround trip");
        const Matrix back = test::dlx(out.str());
        REQUIRE(back.item_count() == p.matrix.item_count());
        REQUIRE(back.option_count() == p.matrix.option_count());
        for (std::size_t i = 0; i < back.item_count(); ++i) {
            CHECK(back.item(static_cast<ItemId>(i)).name == p.matrix.item(static_cast<ItemId>(i)).name);
            CHECK(back.is_primary(static_cast<ItemId>(i)) == p.matrix.is_primary(static_cast<ItemId>(i)));
        }
        for (std::size_t k = 0; k < back.option_count(); ++k) {
            const auto a = back.option(static_cast<OptionId>(k)), b = p.matrix.option(static_cast<OptionId>(k));
            CHECK(std::vector<ItemId>(a.begin(), a.end()) == std::vector<ItemId>(b.begin(), b.end()));
        }
        Dancer original(p.matrix), reread(back);
        const auto x = original.count(), y = reread.count();
        CHECK(x.solutions == y.solutions);
        CHECK(x.updates == y.updates);
        CHECK(x.nodes == y.nodes);
    }
}
