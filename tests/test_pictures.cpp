#include <catch2/catch.hpp>

#include <cctype>
#include <cmath>
#include <set>

#include "cli/svg.hpp"
#include "polyform.hpp"
#include "queens.hpp"
#include "sudoku.hpp"
#include "xcount/dancer.hpp"

using namespace xcount;

namespace {

const std::string kPieces = XCOUNT_SOURCE_DIR "/problems/pieces/";

long signed_area(const std::vector<Corner>& loop) {  // twice the area, shoelace
    long twice = 0;
    for (std::size_t k = 0; k < loop.size(); ++k) {
        const Corner& a = loop[k];
        const Corner& b = loop[(k + 1) % loop.size()];
        twice += static_cast<long>(a[0]) * b[1] - static_cast<long>(b[0]) * a[1];
    }
    return twice;
}

double area(const std::vector<Point>& loop) {
    double twice = 0;
    for (std::size_t k = 0; k < loop.size(); ++k) {
        const Point& a = loop[k];
        const Point& b = loop[(k + 1) % loop.size()];
        twice += a.x * b.y - b.x * a.y;
    }
    return twice / 2;
}

std::vector<Corner> square(int x, int y) { return square_lattice().corners({x, y, 0}); }

std::vector<OptionId> first_solution(const Problem& p) {
    std::vector<OptionId> first;
    Dancer(p.matrix).search([&](std::span<const OptionId> s) { first.assign(s.begin(), s.end()); }, {.max_solutions = 1});
    return first;
}

std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("union outline: inner edges cancel, straight runs merge, holes run backwards", "[picture]") {
    const auto one = union_outline({square(0, 0)});
    REQUIRE(one.size() == 1);
    CHECK(one[0].size() == 4);
    CHECK(signed_area(one[0]) == 2);

    const auto bar = union_outline({square(0, 0), square(1, 0), square(2, 0)});
    REQUIRE(bar.size() == 1);
    CHECK(bar[0].size() == 4);  // the corners at x = 1 and 2 lie on straight runs
    CHECK(signed_area(bar[0]) == 6);

    const auto l_tromino = union_outline({square(0, 0), square(0, 1), square(1, 1)});
    REQUIRE(l_tromino.size() == 1);
    CHECK(l_tromino[0].size() == 6);

    std::vector<std::vector<Corner>> ring;  // 3x3 less its centre: an outline and a hole
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 3; ++x)
            if (x != 1 || y != 1) ring.push_back(square(x, y));
    const auto loops = union_outline(ring);
    REQUIRE(loops.size() == 2);
    std::multiset<long> areas{signed_area(loops[0]), signed_area(loops[1])};
    CHECK(areas == std::multiset<long>{-2, 18});  // 9 outside, the hole of 1 the other way

    // Two squares meeting at a corner: however the pinch is resolved the fill is both squares.
    long total = 0;
    for (const auto& loop : union_outline({square(0, 0), square(1, 1)})) total += signed_area(loop);
    CHECK(total == 4);
}

TEST_CASE("the first 6x10 pentomino tiling as a picture: 12 outlines of area 5 covering the board", "[picture]") {
    const Problem p =
        make_polyform(read_pieces_file(kPieces + "pentominoes.txt"), read_board("6x10"), Orientations::free, Copies::once(), "6x10");
    const std::vector<OptionId> solution = first_solution(p);
    REQUIRE(solution.size() == 12);
    const Picture picture = p.picture(solution);
    REQUIRE(picture.panels.size() == 1);
    const auto& pieces = picture.panels[0].pieces;
    REQUIRE(pieces.size() == 12);
    std::set<std::string> labels;
    double total = 0;
    for (const PieceShape& piece : pieces) {
        REQUIRE(piece.loops.size() == 1);  // a pentomino has no hole: one outline, no inner lines
        CHECK(area(piece.loops[0]) == Approx(5));
        total += area(piece.loops[0]);
        for (const Point& q : piece.loops[0]) {
            CHECK(q.x >= 0);
            CHECK(q.x <= 10);
            CHECK(q.y >= 0);
            CHECK(q.y <= 6);
        }
        // The label sits at the centre of one of the piece's own cells.
        CHECK(std::fmod(piece.label_at.x, 1.0) == Approx(0.5));
        CHECK(std::fmod(piece.label_at.y, 1.0) == Approx(0.5));
        labels.insert(piece.label);
    }
    CHECK(total == Approx(60));
    CHECK(labels == std::set<std::string>{"F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"});

    const std::string svg = cli::svg_of(picture, "6x10 <first>");
    CHECK(occurrences(svg, "class=\"piece\"") == 12);
    CHECK(occurrences(svg, "class=\"label\"") == 12);
    CHECK(svg.find("<title>6x10 &lt;first&gt;</title>") != std::string::npos);
    CHECK(svg.find("width=\"424\" height=\"264\"") != std::string::npos);  // 10 x 6 cells of 40 px and margins of 12
}

TEST_CASE("hexiamonds and Soma pictures: triangles in the plane, one panel per layer", "[picture]") {
    const Problem hex = make_polyform(read_pieces_file(kPieces + "hexiamonds.txt", triangle_lattice()), triangle_lattice().rectangle(6, 6),
                                      Orientations::free, Copies::once(), "hexiamonds", triangle_lattice());
    const Picture h = hex.picture(first_solution(hex));
    REQUIRE(h.panels.size() == 1);
    REQUIRE(h.panels[0].pieces.size() == 12);
    const double triangle = std::sqrt(3.0) / 4;
    for (const PieceShape& piece : h.panels[0].pieces) {
        double a = 0;
        for (const auto& loop : piece.loops) a += area(loop);
        CHECK(a == Approx(6 * triangle));
    }

    const Problem soma =
        make_polyform(read_pieces_file(kPieces + "soma.txt"), read_board("3x3x3"), Orientations::one_sided, Copies::once(), "soma");
    const Picture s = soma.picture(first_solution(soma));
    REQUIRE(s.panels.size() == 3);
    for (int z = 0; z < 3; ++z) {
        CHECK(s.panels[static_cast<std::size_t>(z)].title == "layer " + std::to_string(z));
        double a = 0;
        for (const PieceShape& piece : s.panels[static_cast<std::size_t>(z)].pieces)
            for (const auto& loop : piece.loops) a += area(loop);
        CHECK(a == Approx(9));
    }
}

TEST_CASE("polyhexes are drawn as hexagons: each piece's area and the corners of its outline", "[picture]") {
    const Lattice& hexes = hex_lattice();
    const Problem p = make_polyform(read_pieces_file(kPieces + "polyhexes-3-4.txt", hexes),
                                    read_board(XCOUNT_SOURCE_DIR "/problems/boards/hexagon-4.txt", hexes), Orientations::free,
                                    Copies::once(), "hexagon", hexes);
    const Picture picture = p.picture(first_solution(p));
    REQUIRE(picture.panels.size() == 1);
    REQUIRE(picture.panels[0].pieces.size() == 10);
    const double hexagon = std::sqrt(3.0) / 2;  // centres 1 apart
    double total = 0;
    for (const PieceShape& piece : picture.panels[0].pieces) {
        REQUIRE(piece.loops.size() == 1);
        const double a = area(piece.loops[0]);
        total += a;
        const std::size_t cells = std::islower(static_cast<unsigned char>(piece.label[0])) ? 3 : 4;
        CHECK(a == Approx(static_cast<double>(cells) * hexagon));
        // No two edges of a hexagon's outline are in line: a corner per edge, 6 a hexagon less
        // 2 per shared side (the bar shares 3, the compact O 5).
        if (piece.label == "I") CHECK(piece.loops[0].size() == 18);
        if (piece.label == "O") CHECK(piece.loops[0].size() == 14);
    }
    CHECK(total == Approx(37 * hexagon));
}

TEST_CASE("polysticks are drawn as unit strokes, four per tetrastick", "[picture]") {
    const Problem p = make_polyform(read_pieces_file(kPieces + "tetrasticks.txt", edge_lattice()), edge_lattice().rectangle(2, 2),
                                    Orientations::free, Copies::at_most_once(), "sticks", edge_lattice());
    const std::vector<OptionId> solution = first_solution(p);
    REQUIRE(!solution.empty());
    const Picture picture = p.picture(solution);
    std::size_t strokes = 0;
    for (const PieceShape& piece : picture.panels[0].pieces) {
        CHECK(piece.loops.empty());
        CHECK(piece.strokes.size() == 4);
        for (const auto& s : piece.strokes) CHECK(std::hypot(s[1].x - s[0].x, s[1].y - s[0].y) == Approx(1));
        strokes += piece.strokes.size();
    }
    CHECK(strokes == 12);  // the 2x2 grid has 12 unit edges
}

TEST_CASE("queens and sudoku pictures are grids labelled by the solution", "[picture]") {
    const Problem q = make_queens(8);
    const std::vector<OptionId> solution = first_solution(q);
    const Picture picture = q.picture(solution);
    const LabelGrid& grid = picture.panels.at(0).grid;
    CHECK(grid.rows == 8);
    CHECK(grid.checkered);
    std::set<int> rows, columns;
    for (int k = 0; k < 64; ++k)
        if (!grid.labels[static_cast<std::size_t>(k)].empty()) rows.insert(k / 8), columns.insert(k % 8);
    CHECK(rows.size() == 8);
    CHECK(columns.size() == 8);
    for (OptionId o : solution) CHECK(!grid.labels[static_cast<std::size_t>(o)].empty());
    CHECK(occurrences(cli::svg_of(picture, "q"), "class=\"square\"") == 64);

    const Problem s = make_sudoku(2, 2, "");
    const Picture sp = s.picture(first_solution(s));
    const LabelGrid& sg = sp.panels.at(0).grid;
    CHECK(sg.box_rows == 2);
    for (const std::string& label : sg.labels) CHECK(label.size() == 1);
    const std::string svg = cli::svg_of(sp, "s");
    CHECK(occurrences(svg, "<line") == 6);  // 3 thick lines each way around the 2x2 boxes
}

TEST_CASE("a picture of several panels is laid out in rows, as near a square as can be", "[pictures]") {
    Picture layers;
    for (int k = 0; k < 6; ++k) {
        Panel panel;
        panel.title = "layer " + std::to_string(k);
        panel.grid.rows = 5;
        panel.grid.columns = 2;
        panel.grid.labels.assign(10, "");
        layers.panels.push_back(panel);
    }
    // A panel: 2 x 5 cells of 40 px, margins of 12, a title of 22: 104 x 246. Six in a row
    // would be 624 x 246; three in two rows, 312 x 492, scale least into a square box.
    const std::string svg = cli::svg_of(layers, "six layers");
    CHECK(svg.find("width=\"312\" height=\"492\"") != std::string::npos);
    CHECK(occurrences(svg, "class=\"panel\"") == 6);
    CHECK(svg.find("y=\"262\" font-size=\"14\"") != std::string::npos);  // the second row's titles, below the first row
    const std::string fitted = cli::svg_of(layers, "six layers", 280);
    CHECK(fitted.find("viewBox=\"0 0 312 492\"") != std::string::npos);
}
