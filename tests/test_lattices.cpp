// The triangular and edge lattices: every polyform of a size grown cell by cell and compared
// with OEIS, the piece files checked complete against that enumeration, the no-crossing rule
// of polysticks on boards counted by hand, and the print/parse round trip.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "polyform.hpp"
#include "xcount/dancer.hpp"

using namespace xcount;

namespace {

const std::string kPieces = XCOUNT_SOURCE_DIR "/problems/pieces/";
const std::string kBoards = XCOUNT_SOURCE_DIR "/problems/boards/";

using Shape = std::vector<Cell>;

Shape canonical(const Shape& cells, Orientations mode, const Lattice& lattice) {
    return orientations(cells, mode, false, lattice).front();  // the least orientation, normalised
}

// Every fixed polyform of `size` cells: grown one neighbouring cell at a time inside a large
// board, each shape kept once in its normalised (translated) form.
std::set<Shape> fixed_polyforms(const Lattice& lattice, std::size_t size) {
    const std::vector<Cell> universe = lattice.rectangle(16, 16);
    const int shift = 6 * lattice.period();  // room on every side of a normalised shape
    std::set<Shape> level;
    for (const Cell& c : universe) level.insert(canonical({c}, Orientations::fixed, lattice));
    for (std::size_t k = 1; k < size; ++k) {
        std::set<Shape> next;
        for (Shape placed : level) {
            for (Cell& c : placed) c[0] += shift, c[1] += shift;
            const std::set<Cell> taken(placed.begin(), placed.end());
            for (const Cell& u : universe) {
                if (taken.count(u)) continue;
                const bool touches = std::any_of(placed.begin(), placed.end(), [&](const Cell& c) { return lattice.adjacent(c, u); });
                if (!touches) continue;
                Shape grown = placed;
                grown.push_back(u);
                next.insert(canonical(grown, Orientations::fixed, lattice));
            }
        }
        level = std::move(next);
    }
    return level;
}

std::set<Shape> classes(const std::set<Shape>& fixed, Orientations mode, const Lattice& lattice) {
    std::set<Shape> out;
    for (const Shape& s : fixed) out.insert(canonical(s, mode, lattice));
    return out;
}

// The piece file is exactly the free polyforms: as many, none repeated, each one of them.
void check_complete(const std::vector<Piece>& pieces, const std::set<Shape>& fixed, const Lattice& lattice) {
    const std::set<Shape> free = classes(fixed, Orientations::free, lattice);
    std::set<Shape> seen;
    std::size_t total = 0;
    for (const Piece& p : pieces) {
        seen.insert(canonical(p.cells, Orientations::free, lattice));
        total += orientations(p.cells, Orientations::free, false, lattice).size();
    }
    CHECK(seen.size() == pieces.size());
    CHECK(seen == free);
    CHECK(total == fixed.size());
}

}  // namespace

TEST_CASE("the square lattice grows the 63 fixed, 18 one-sided and 12 free pentominoes", "[polyform][lattice]") {
    const auto fixed = fixed_polyforms(square_lattice(), 5);
    CHECK(fixed.size() == 63);                                                      // OEIS A001168
    CHECK(classes(fixed, Orientations::one_sided, square_lattice()).size() == 18);  // A000988
    CHECK(classes(fixed, Orientations::free, square_lattice()).size() == 12);       // A000105
    check_complete(read_pieces_file(kPieces + "pentominoes.txt"), fixed, square_lattice());
}

TEST_CASE("triangular lattice: 94 fixed, 19 one-sided, 12 free hexiamonds, and the piece file is complete", "[polyform][lattice]") {
    const Lattice& triangles = triangle_lattice();
    CHECK(triangles.maps(false).size() == 12);
    const auto fixed = fixed_polyforms(triangles, 6);
    CHECK(fixed.size() == 94);                                               // OEIS A001420
    CHECK(classes(fixed, Orientations::one_sided, triangles).size() == 19);  // A006534
    CHECK(classes(fixed, Orientations::free, triangles).size() == 12);       // A000577
    CHECK(fixed_polyforms(triangles, 4).size() == 14);
    CHECK(classes(fixed_polyforms(triangles, 5), Orientations::free, triangles).size() == 4);
    const auto hexiamonds = read_pieces_file(kPieces + "hexiamonds.txt", triangles);
    REQUIRE(hexiamonds.size() == 12);
    for (const Piece& p : hexiamonds) CHECK(p.cells.size() == 6);
    check_complete(hexiamonds, fixed, triangles);
    // The hexagon is symmetric under all 12 maps; the bar has 6 orientations (3 turns x 2 sides).
    CHECK(orientations(hexiamonds.back().cells, Orientations::free, false, triangles).size() == 1);
    CHECK(orientations(hexiamonds.front().cells, Orientations::free, false, triangles).size() == 6);
}

TEST_CASE("hexagonal lattice: 44 fixed, 10 one-sided, 7 free tetrahexes, 186, 33, 22 pentahexes; the piece files are complete",
          "[polyform][lattice]") {
    const Lattice& hexes = hex_lattice();
    CHECK(hexes.maps(false).size() == 12);
    const auto tetra = fixed_polyforms(hexes, 4);
    CHECK(tetra.size() == 44);                                           // OEIS A001207
    CHECK(classes(tetra, Orientations::one_sided, hexes).size() == 10);  // A006535
    CHECK(classes(tetra, Orientations::free, hexes).size() == 7);        // A000228
    const auto penta = fixed_polyforms(hexes, 5);
    CHECK(penta.size() == 186);
    CHECK(classes(penta, Orientations::one_sided, hexes).size() == 33);
    CHECK(classes(penta, Orientations::free, hexes).size() == 22);
    const auto tetrahexes = read_pieces_file(kPieces + "tetrahexes.txt", hexes);
    check_complete(tetrahexes, tetra, hexes);
    check_complete(read_pieces_file(kPieces + "pentahexes.txt", hexes), penta, hexes);
    // The trihexes and tetrahexes file: the 3 free trihexes, then the same 7 tetrahexes.
    auto both = read_pieces_file(kPieces + "polyhexes-3-4.txt", hexes);
    REQUIRE(both.size() == 10);
    check_complete({both.begin(), both.begin() + 3}, fixed_polyforms(hexes, 3), hexes);
    check_complete({both.begin() + 3, both.end()}, tetra, hexes);
    // The bar turns three ways; the propeller (Y) has the triangle's symmetries: two.
    const auto named = [&](const std::string& name) {
        return std::find_if(tetrahexes.begin(), tetrahexes.end(), [&](const Piece& p) { return p.name == name; })->cells;
    };
    CHECK(orientations(named("I"), Orientations::free, false, hexes).size() == 3);
    CHECK(orientations(named("Y"), Orientations::free, false, hexes).size() == 2);
}

TEST_CASE("hexagon boards: rows offset by half a hexagon, their symmetry groups, misplaced hexagons refused", "[polyform][lattice]") {
    const Lattice& hexes = hex_lattice();
    CHECK(read_board("4x7", hexes).size() == 28);
    const auto hexagon = parse_board("  X X\n X X X\n  X X\n", "h.txt", hexes);
    REQUIRE(hexagon.size() == 7);
    const auto one = parse_pieces("piece H\nX\n", "m.txt", hexes);
    // The symmetries other than the identity: 11 of the hexagon, 1 (rot180) of a parallelogram,
    // 5 of a triangle, 11 of the hexagon of side 4 as shipped.
    const auto symmetries = [&](const std::vector<Cell>& board) {
        return make_polyform(one, board, Orientations::free, Copies::any(), "b", hexes).symmetries.size();
    };
    CHECK(symmetries(hexagon) == 11);
    CHECK(symmetries(read_board("4x7", hexes)) == 1);
    CHECK(symmetries(parse_board("X X X\n X X\n  X\n", "t.txt", hexes)) == 5);
    CHECK(symmetries(read_board(XCOUNT_SOURCE_DIR "/problems/boards/hexagon-4.txt", hexes)) == 11);
    // The monohex tiles any board once. The 2x2 rhombus's short diagonal joins two of its
    // hexagons, its long one does not: the dihex tiles it in 2 ways (two pairs of parallel sides).
    CHECK(Dancer(make_polyform(one, hexagon, Orientations::free, Copies::any(), "b", hexes).matrix).count().solutions == 1);
    const auto two = parse_pieces("piece D\nX X\n", "d.txt", hexes);
    CHECK(Dancer(make_polyform(two, read_board("2x2", hexes), Orientations::free, Copies::any(), "b", hexes).matrix).count().solutions ==
          2);
    // hexagon:N: 3N(N-1)+1 hexagons, the shipped side-4 board itself; 6N^2 triangles.
    auto normalised = [](std::vector<Cell> cells) {
        Cell low = cells[0];
        for (const Cell& c : cells) low = {std::min(low[0], c[0]), std::min(low[1], c[1]), 0};
        for (Cell& c : cells) c = {c[0] - low[0], c[1] - low[1], 0};
        std::sort(cells.begin(), cells.end());
        return cells;
    };
    CHECK(read_board("hexagon:1", hexes).size() == 1);
    CHECK(read_board("hexagon:4", hexes).size() == 37);
    CHECK(normalised(read_board("hexagon:4", hexes)) == normalised(read_board(XCOUNT_SOURCE_DIR "/problems/boards/hexagon-4.txt", hexes)));
    CHECK(symmetries(read_board("hexagon:3", hexes)) == 11);
    const Lattice& triangles = triangle_lattice();
    for (int n = 1; n <= 4; ++n) CHECK(read_board("hexagon:" + std::to_string(n), triangles).size() == static_cast<std::size_t>(6 * n * n));
    const auto triangle = parse_pieces("piece T\nX\n", "t.txt", triangles);
    CHECK(
        make_polyform(triangle, read_board("hexagon:2", triangles), Orientations::free, Copies::any(), "h", triangles).symmetries.size() ==
        11);
    CHECK_THROWS_WITH(read_board("hexagon:2"),
                      "board 'hexagon:2': a hexagon is a board of the triangular or hexagonal lattice "
                      "(polyiamond, polyhex), not of the square lattice");
    CHECK_THROWS_WITH(read_board("hexagon:0", hexes), "board 'hexagon:0': the side of a hexagon is 1..256");
    CHECK_THROWS_WITH(parse_board("XX\n", "bad.txt", hexes),
                      Catch::Contains("bad.txt:1: board, column 2: a hexagon sits where its column and row add up to an even number"));
    CHECK_THROWS_WITH(parse_pieces("piece A\nX   X\n", "a.txt", hexes), "a.txt:1: piece 'A' is not connected");
}

TEST_CASE("edge lattice: 16 free tetrasticks, and the piece file is complete", "[polyform][lattice]") {
    const Lattice& edges = edge_lattice();
    CHECK(classes(fixed_polyforms(edges, 2), Orientations::free, edges).size() == 2);  // OEIS A019988
    CHECK(classes(fixed_polyforms(edges, 3), Orientations::free, edges).size() == 5);
    const auto fixed = fixed_polyforms(edges, 4);
    CHECK(classes(fixed, Orientations::free, edges).size() == 16);
    const auto tetrasticks = read_pieces_file(kPieces + "tetrasticks.txt", edges);
    REQUIRE(tetrasticks.size() == 16);
    check_complete(tetrasticks, fixed, edges);
}

TEST_CASE("edge lattice: the one-sided tetrasticks file holds the 25, each once", "[polyform][lattice]") {
    const Lattice& edges = edge_lattice();
    const auto fixed = fixed_polyforms(edges, 4);
    const std::set<Shape> one_sided = classes(fixed, Orientations::one_sided, edges);
    CHECK(one_sided.size() == 25);  // 16 free tetrasticks, 9 of them chiral
    const auto pieces = read_pieces_file(kPieces + "tetrasticks-one-sided.txt", edges);
    REQUIRE(pieces.size() == 25);
    std::set<Shape> seen;
    for (const Piece& p : pieces) seen.insert(canonical(p.cells, Orientations::one_sided, edges));
    CHECK(seen == one_sided);
    // The 100 edges of the 5x5 diamond lattice, symmetric under the square's 8 maps.
    CHECK(read_board(kBoards + "diamond-lattice-5x5.txt", edges).size() == 100);
}

TEST_CASE("boards on the other lattices: R rows of C rhombi, every edge of R x C squares", "[polyform][lattice]") {
    CHECK(read_board("6x6", triangle_lattice()).size() == 72);
    CHECK(read_board("3x12", triangle_lattice()).size() == 72);
    CHECK(read_board("5x5", edge_lattice()).size() == 60);  // 6 lines of 5 edges each way
    CHECK(read_board("1x1", edge_lattice()).size() == 4);
    CHECK_THROWS_WITH(read_board("2x2x2", triangle_lattice()), Catch::Contains("neither RxC nor an existing board file"));
}

TEST_CASE("polysticks never cross: straight sticks on a 2x2 grid must cross in the centre", "[polyform][lattice]") {
    const Lattice& edges = edge_lattice();
    const auto straight = parse_pieces("piece I\n+-+-+\n", "i.txt", edges);
    const auto corner = parse_pieces("piece V\n+\n|\n+-+\n", "v.txt", edges);
    // Each of the six grid lines of length 2 can only be one straight stick; the middle two
    // cross, so there is no tiling (there would be one if crossing were allowed).
    const Problem grid = make_polyform(straight, read_board("2x2", edges), Orientations::free, Copies::any(), "2x2", edges);
    CHECK(Dancer(grid.matrix).count().solutions == 0);
    // The unit square's four edges: two corners, in two ways.
    const Problem square = make_polyform(corner, read_board("1x1", edges), Orientations::free, Copies::any(), "1x1", edges);
    CHECK(Dancer(square.matrix).count().solutions == 2);
    // The 2x2 grid with corners and straight sticks: the crossing items are the centre and the
    // four midpoints of the border lines, where a straight stick passes through.
    const Problem both = make_polyform({straight[0], corner[0]}, read_board("2x2", edges), Orientations::free, Copies::any(), "2x2", edges);
    CHECK(both.matrix.item_count() == 12 + 5);
    CHECK(both.matrix.primary_count() == 12);
}

TEST_CASE("hexiamond, tetrastick and pentahex files print and parse back; bad edges are refused", "[polyform][lattice][bad-input]") {
    const std::vector<std::pair<const Lattice*, std::string>> files = {
        {&triangle_lattice(), "hexiamonds.txt"}, {&edge_lattice(), "tetrasticks.txt"}, {&hex_lattice(), "pentahexes.txt"}};
    for (const auto& [lattice, file] : files) {
        const auto pieces = read_pieces_file(kPieces + file, *lattice);
        const auto again = parse_pieces(format_pieces(pieces, *lattice), "printed", *lattice);
        REQUIRE(again.size() == pieces.size());
        for (std::size_t k = 0; k < pieces.size(); ++k) CHECK(again[k].cells == pieces[k].cells);
    }
    CHECK_THROWS_WITH(parse_pieces("piece A\n+|+\n", "s.txt", edge_lattice()),
                      Catch::Contains("s.txt:2: piece 'A', column 2: '|' in column 2 of an even row is not an edge"));
    CHECK_THROWS_WITH(parse_pieces("piece A\n+-+ +-+\n", "s.txt", edge_lattice()), "s.txt:1: piece 'A' is not connected");
    CHECK_THROWS_WITH(parse_pieces("piece A\nX.X\n", "t.txt", triangle_lattice()), "t.txt:1: piece 'A' is not connected");
    // Two triangles in one rhombus touch along its diagonal; those of neighbouring rhombi in a
    // row along a side, but an up triangle and the next up triangle only at a corner.
    CHECK(parse_pieces("piece A\nXX\n", "t.txt", triangle_lattice()).size() == 1);
    CHECK(parse_pieces("piece A\n.XX\n", "t.txt", triangle_lattice()).size() == 1);
}
