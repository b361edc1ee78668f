// MacMahon's coloured squares, the model of edges that must agree: both encodings (colours on
// the dlx engine, plain exact cover on every engine) against a placement-by-placement count.
#include <catch2/catch.hpp>

#include <array>
#include <set>

#include "helpers.hpp"
#include "macmahon.hpp"
#include "xcount/bits.hpp"
#include "xcount/cells.hpp"
#include "xcount/runner.hpp"
#include "xcount/split.hpp"

using namespace xcount;

namespace {

using Square = std::array<int, 4>;  // top, right, bottom, left

Square turn(const Square& s) { return {s[3], s[0], s[1], s[2]}; }  // a quarter turn clockwise

std::vector<std::set<Square>> squares_with_turns(int colours) {
    std::set<std::set<Square>> classes;
    for (int code = 0; code < colours * colours * colours * colours; ++code) {
        Square s{code % colours, code / colours % colours, code / colours / colours % colours, code / colours / colours / colours};
        std::set<Square> turns;
        for (int q = 0; q < 4; ++q, s = turn(s)) turns.insert(s);
        classes.insert(turns);
    }
    return {classes.begin(), classes.end()};
}

// Every way to fill the board cell by cell, row by row, with unused squares turned every way,
// each agreeing with the squares above and to the left and with the border colour (-1: any).
Count placements(int colours, int rows, int columns, int border) {
    const auto squares = squares_with_turns(colours);
    std::vector<bool> used(squares.size());
    std::vector<Square> board(static_cast<std::size_t>(rows * columns));
    Count found = 0;
    const auto fill = [&](const auto& self, int cell) -> void {
        if (cell == rows * columns) {
            ++found;
            return;
        }
        const int i = cell / columns, j = cell % columns;
        for (std::size_t s = 0; s < squares.size(); ++s) {
            if (used[s]) continue;
            for (const Square& q : squares[s]) {
                const auto on_border = [&](bool outer, int colour) { return !outer || border < 0 || colour == border; };
                if (!on_border(i == 0, q[0]) || !on_border(j + 1 == columns, q[1]) || !on_border(i + 1 == rows, q[2]) ||
                    !on_border(j == 0, q[3]))
                    continue;
                if (i > 0 && board[static_cast<std::size_t>(cell - columns)][2] != q[0]) continue;
                if (j > 0 && board[static_cast<std::size_t>(cell - 1)][1] != q[3]) continue;
                used[s] = true;
                board[static_cast<std::size_t>(cell)] = q;
                self(self, cell + 1);
                used[s] = false;
            }
        }
    };
    fill(fill, 0);
    return found;
}

}  // namespace

TEST_CASE("MacMahon's squares: n(n+1)(n^2-n+2)/4 of them, one cell each", "[macmahon]") {
    for (int n = 1; n <= 4; ++n) CHECK(squares_with_turns(n).size() == static_cast<std::size_t>(n * (n + 1) * (n * n - n + 2) / 4));
    const Problem p = make_macmahon(3, 4, 6, 0, EdgeRule::colours);
    CHECK(p.matrix.primary_count() == 48);    // 24 squares, 24 cells
    CHECK(p.matrix.item_count() == 48 + 38);  // and the inner edges: 3 x 6 + 4 x 5
    CHECK(p.matrix.has_colours());
    CHECK_FALSE(make_macmahon(3, 4, 6, 0, EdgeRule::exact).matrix.has_colours());
    CHECK_THROWS_WITH(make_macmahon(4, 7, 9, 0, EdgeRule::colours),
                      "macmahon: the 70 squares of 4 colours need a board of 70 cells, not 7x9");
    CHECK_THROWS_WITH(make_macmahon(2, 2, 3, 2, EdgeRule::colours), Catch::Contains("--border must be a colour 0..1 or any, not 2"));
}

TEST_CASE("MacMahon's squares: colours and exact cover count what placing square by square counts, on every engine", "[macmahon]") {
    for (const auto& [rows, columns] : {std::pair{2, 3}, std::pair{3, 2}, std::pair{1, 6}})
        for (int border : {-1, 0, 1}) {
            INFO(rows << "x" << columns << " border " << border);
            const Count expected = placements(2, rows, columns, border);
            const Problem coloured = make_macmahon(2, rows, columns, border, EdgeRule::colours);
            const Problem exact = make_macmahon(2, rows, columns, border, EdgeRule::exact);
            CHECK(test::count_restoring<Dancer>(coloured.matrix, {}).solutions == expected);
            CHECK(test::count_restoring<Dancer>(exact.matrix, {}).solutions == expected);
            CHECK(test::count_restoring<Bits>(exact.matrix, {}).solutions == expected);
            CHECK(test::count_restoring<Cells>(exact.matrix, {}).solutions == expected);
            CHECK(test::count_restoring<test::ScanConflictMasks>(exact.matrix, Choice{ChooseRule::scan, 0}).solutions == expected);
            const RunReport split = run_split(coloured.matrix, split_at_depth(coloured.matrix, 2), {}, RunOptions{.threads = 2});
            CHECK(split.total.solutions == expected);
        }
    CHECK(placements(2, 2, 3, -1) == 416);  // the case the CLI test exports and reads back
}
