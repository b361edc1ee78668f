#include <catch2/catch.hpp>

#include <sstream>

#include "helpers.hpp"
#include "langford.hpp"
#include "latin.hpp"
#include "polyform.hpp"
#include "queens.hpp"
#include "sudoku.hpp"
#include "xcount/dancer.hpp"

using namespace xcount;

namespace {

Count count_of(const Matrix& m) { return Dancer(m).count().solutions; }

}  // namespace

TEST_CASE("matrix sizes of small cases, counted by hand", "[models]") {
    // 4 queens: 4 rows + 4 columns primary, 7 + 7 diagonals secondary, 16 squares.
    const Matrix q = make_queens(4).matrix;
    CHECK(q.item_count() == 22);
    CHECK(q.primary_count() == 8);
    CHECK(q.option_count() == 16);
    // 2x2-box sudoku: 4 families of 16 items; 4 symbols in each of 16 cells.
    CHECK(make_sudoku(2, 2, "").matrix.item_count() == 64);
    CHECK(make_sudoku(2, 2, "").matrix.option_count() == 64);
    // Two givens leave one option each in their cells: 64 - 2*3.
    CHECK(make_sudoku(2, 2, "1...\n..2.\n....\n....").matrix.option_count() == 58);
    // L(2,3): 3 values + 6 slots; the pair k fits at 6-k-1 first positions: 4 + 3 + 2.
    CHECK(make_langford(3, false).matrix.item_count() == 9);
    CHECK(make_langford(3, false).matrix.option_count() == 9);
    CHECK(make_langford(3, true).matrix.option_count() == 7);  // the 1s only at 0 and 1
    // Latin 3: 27 items, 27 options; reduced: 3 (row 0) + 2 (column 0) + 4 cells x 3 = 17.
    CHECK(make_latin(3, false).matrix.item_count() == 27);
    CHECK(make_latin(3, false).matrix.option_count() == 27);
    CHECK(make_latin(3, true).matrix.option_count() == 17);
}

TEST_CASE("identities between counts: L(n) = n!(n-1)!R(n), Langford total = 2 x up to reversal", "[models]") {
    CHECK(count_of(make_latin(4, false).matrix) == 24 * 6 * count_of(make_latin(4, true).matrix));
    CHECK(count_of(make_latin(5, false).matrix) == 120 * 24 * count_of(make_latin(5, true).matrix));
    for (int n : {3, 4, 7, 8, 11}) {
        INFO("n = " << n);
        CHECK(count_of(make_langford(n, false).matrix) == 2 * count_of(make_langford(n, true).matrix));
    }
}

TEST_CASE("sudoku givens: a classic puzzle has one solution, a contradiction none", "[models][sudoku]") {
    const std::string puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const Problem p = make_sudoku(3, 3, puzzle);
    CHECK(count_of(p.matrix) == 1);
    std::string twice = puzzle;
    twice[2] = '5';  // a second 5 in the first row
    CHECK(count_of(make_sudoku(3, 3, twice).matrix) == 0);
    CHECK_THROWS_WITH(make_sudoku(3, 3, "53"), Catch::Contains("2 cells given, the grid has 81"));
    CHECK_THROWS_WITH(make_sudoku(2, 2, "5..............."), Catch::Contains("'5' at cell 1 is not a symbol"));
}

TEST_CASE("a givens file is many puzzles only when every line holds a whole one", "[models][sudoku]") {
    const std::string rows = "1234\n3412\n2143\n4321\n";  // one 4x4 puzzle laid out in rows
    CHECK(puzzles_by_line(rows, 4).empty());
    const std::vector<Puzzle> many = puzzles_by_line("# two\n1234............\n\n  ................ \n", 4);
    REQUIRE(many.size() == 2);
    CHECK(many[0].line == 2);
    CHECK(many[0].givens == "1234............");
    CHECK(many[1].line == 4);
    CHECK(puzzles_by_line("1234............\n123.\n", 4).empty());
    CHECK_THROWS_WITH(check_givens("12x4............", 4), Catch::Contains("'x' at cell 3 is not a symbol"));
}

TEST_CASE("a model's one-line form of a solution", "[models]") {
    CHECK(rows_on_one_line("AB  \nCD\n\nEF\n") == "AB/CD//EF");
    const Problem queens = make_queens(4);
    // The 4-queens solution with queens in columns 2, 4, 1, 3 (1-based), option i*n + j.
    const std::vector<OptionId> q{1, 7, 8, 14};
    CHECK(queens.line(q) == "2 4 1 3");
    const Problem grid = make_sudoku(2, 2, "1234341221434321");
    std::vector<OptionId> all(grid.matrix.option_count());
    for (std::size_t k = 0; k < all.size(); ++k) all[k] = static_cast<OptionId>(k);
    CHECK(grid.line(all) == "1234341221434321");
}

TEST_CASE("every model's exported DLX file counts the same as the model", "[models][dlx]") {
    const auto pentominoes = read_pieces_file(XCOUNT_SOURCE_DIR "/problems/pieces/pentominoes.txt");
    const std::vector<Problem> problems = [&] {
        std::vector<Problem> out;
        out.push_back(make_queens(7));
        out.push_back(make_sudoku(2, 2, ""));
        out.push_back(make_langford(8, false));
        out.push_back(make_latin(4, false));
        out.push_back(make_polyform(pentominoes, read_board("3x20"), Orientations::free, Copies::once(), "3x20"));
        out.push_back(make_polyform(read_pieces_file(XCOUNT_SOURCE_DIR "/problems/pieces/domino.txt"), read_board("4x4"),
                                    Orientations::free, Copies::any(), "dominoes"));
        return out;
    }();
    for (const Problem& p : problems) {
        INFO(p.name);
        std::ostringstream text;
        write_dlx(text, p.matrix);
        const Matrix back = test::dlx(text.str());
        const SearchStats a = Dancer(p.matrix).count(), b = Dancer(back).count();
        CHECK(a.solutions == b.solutions);
        CHECK(a.updates == b.updates);
        CHECK(a.solutions > 0);
    }
}

TEST_CASE("a piece file prints and parses back to the same pieces", "[models][polyform]") {
    for (const char* file : {"pentominoes.txt", "soma.txt", "tetrominoes.txt"}) {
        const auto pieces = read_pieces_file(std::string(XCOUNT_SOURCE_DIR "/problems/pieces/") + file);
        const auto again = parse_pieces(format_pieces(pieces), "printed");
        REQUIRE(again.size() == pieces.size());
        for (std::size_t k = 0; k < pieces.size(); ++k) {
            CHECK(again[k].name == pieces[k].name);
            CHECK(again[k].cells == pieces[k].cells);
        }
    }
}
