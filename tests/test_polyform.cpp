#include <catch2/catch.hpp>

#include <set>

#include "polyform.hpp"
#include "xcount/dancer.hpp"

using namespace xcount;

namespace {

const std::string kPieces = XCOUNT_SOURCE_DIR "/problems/pieces/";

std::size_t total_orientations(const std::vector<Piece>& pieces, Orientations mode, bool three_d) {
    std::size_t total = 0;
    for (const Piece& p : pieces) total += orientations(p.cells, mode, three_d).size();
    return total;
}

}  // namespace

TEST_CASE("orientation counts: 63 free pentominoes, 41 one-sided, 12 fixed", "[polyform]") {
    const auto pentominoes = read_pieces_file(kPieces + "pentominoes.txt");
    REQUIRE(pentominoes.size() == 12);
    CHECK(total_orientations(pentominoes, Orientations::free, false) == 63);
    CHECK(total_orientations(pentominoes, Orientations::one_sided, false) == 41);
    CHECK(total_orientations(pentominoes, Orientations::fixed, false) == 12);
    // A flat piece in space: free and one-sided give the same shapes (a turn over realises a flip).
    CHECK(total_orientations(pentominoes, Orientations::one_sided, true) == total_orientations(pentominoes, Orientations::free, true));
    // The 5 free tetrominoes have 19 fixed forms (I 2, L 8, O 1, S 4, T 4).
    CHECK(total_orientations(read_pieces_file(kPieces + "tetrominoes.txt"), Orientations::free, false) == 19);
}

TEST_CASE("Soma pieces: 24 rotations for a chiral piece, and A and B are mirror images", "[polyform]") {
    const auto soma = read_pieces_file(kPieces + "soma.txt");
    REQUIRE(soma.size() == 7);
    std::size_t cells = 0;
    for (const Piece& p : soma) cells += p.cells.size();
    CHECK(cells == 27);
    const auto a = orientations(soma[4].cells, Orientations::one_sided, true);
    const auto b = orientations(soma[5].cells, Orientations::one_sided, true);
    CHECK(a.size() == 12);
    CHECK(a != b);  // chiral: no rotation turns A into B
    CHECK(orientations(soma[4].cells, Orientations::free, true) == orientations(soma[5].cells, Orientations::free, true));
    CHECK(orientations(soma[1].cells, Orientations::one_sided, true).size() == 24);  // L
}

TEST_CASE("the 3x20 pentomino matrix has the size computed by hand, and 8 tilings", "[polyform]") {
    const auto pentominoes = read_pieces_file(kPieces + "pentominoes.txt");
    const Problem p = make_polyform(pentominoes, read_board("3x20"), Orientations::free, Copies::once(), "3x20");
    CHECK(p.matrix.item_count() == 12 + 60);
    CHECK(p.matrix.primary_count() == 72);
    // Domino-free check of the placement count for one piece: the X fits (3-2)*(20-2) = 18 ways.
    std::size_t x_options = 0;
    for (std::size_t k = 0; k < p.matrix.option_count(); ++k)
        x_options += p.matrix.item(p.matrix.option(static_cast<OptionId>(k))[0]).name == "X" ? 1 : 0;
    CHECK(x_options == 18);
    CHECK(Dancer(p.matrix).count().solutions == 8);  // published: PENT-3x20
}

TEST_CASE("boards: RxC, AxBxC and files with holes", "[polyform]") {
    CHECK(read_board("6x10").size() == 60);
    CHECK(read_board("3x4x5").size() == 60);
    CHECK(read_board(XCOUNT_SOURCE_DIR "/problems/boards/scott-8x8.txt").size() == 60);
    CHECK_THROWS_WITH(read_board("6x"), Catch::Contains("neither RxC, AxBxC nor an existing board file"));
    CHECK_THROWS_WITH(read_board("0x5"), Catch::Contains("each side must be at least 1"));
    CHECK_THROWS_WITH(read_board("3x0x2"), Catch::Contains("each side must be at least 1"));
    CHECK_THROWS_WITH(read_board("2000x2000"), Catch::Contains("more than"));
}

TEST_CASE("bad pieces and boards are refused with the reason", "[polyform][bad-input]") {
    CHECK_THROWS_WITH(parse_pieces("piece A\nX.X\n", "p.txt"), "p.txt:1: piece 'A' is not connected");
    CHECK_THROWS_WITH(parse_pieces("piece A\n...\n", "p.txt"), "p.txt:1: piece 'A' has no cells");
    CHECK_THROWS_WITH(parse_pieces("XX\n", "p.txt"), "p.txt:1: rows before the first 'piece NAME' line");
    CHECK_THROWS_WITH(parse_pieces("piece A\nXX\npiece A\nX\n", "p.txt"), "p.txt:3: duplicate piece name 'A'");
    CHECK_THROWS_WITH(parse_pieces("piece A\nX?\n", "p.txt"), Catch::Contains("p.txt:2: piece 'A', column 2: unexpected character '?'"));
    CHECK_THROWS_WITH(parse_pieces("# nothing\n", "p.txt"), "p.txt: no pieces");
    const auto pentominoes = read_pieces_file(kPieces + "pentominoes.txt");
    CHECK_THROWS_WITH(make_polyform(pentominoes, read_board("6x9"), Orientations::free, Copies::once(), "x"),
                      "the pieces cover 60 cells (12 pieces) but the board has 54");
    const auto soma = read_pieces_file(kPieces + "soma.txt");
    CHECK_THROWS_WITH(make_polyform(soma, read_board("3x9"), Orientations::free, Copies::once(), "x"),
                      Catch::Contains("three-dimensional but the board is flat"));
}

TEST_CASE("the 35 hexominoes and the 29 pentacubes are complete and distinct", "[polyform]") {
    // Fixed hexominoes: 216 (OEIS A001168); fixed pentacubes: 534 (OEIS A001931).
    const auto hexominoes = read_pieces_file(kPieces + "hexominoes.txt");
    REQUIRE(hexominoes.size() == 35);
    CHECK(total_orientations(hexominoes, Orientations::free, false) == 216);
    const auto pentacubes = read_pieces_file(kPieces + "pentacubes.txt");
    REQUIRE(pentacubes.size() == 29);
    CHECK(total_orientations(pentacubes, Orientations::one_sided, true) == 534);
    // Distinct: no orientation of one piece is an orientation of another.
    for (const auto* set : {&hexominoes, &pentacubes}) {
        std::set<std::vector<Cell>> seen;
        std::size_t total = 0;
        for (const Piece& p : *set) {
            const auto shapes =
                orientations(p.cells, set == &hexominoes ? Orientations::free : Orientations::one_sided, set != &hexominoes);
            total += shapes.size();
            seen.insert(shapes.begin(), shapes.end());
        }
        CHECK(seen.size() == total);
        for (const Piece& p : *set) CHECK(p.cells.size() == (set == &hexominoes ? 6u : 5u));
    }
}

TEST_CASE("k copies: a multiplicity on the piece item, each tiling found once", "[polyform]") {
    const auto domino = read_pieces_file(kPieces + "domino.txt");
    const Problem four = make_polyform(domino, read_board("2x4"), Orientations::free, Copies{4}, "2x4");
    CHECK(four.overcount == 1);
    CHECK_FALSE(four.matrix.has_multiplicities());  // expanded
    // The 2x4 board has 5 domino tilings (Fibonacci F(5), OEIS A099390).
    CHECK(Dancer(four.matrix).count().solutions == 5);
    // Two pieces, two copies each: the monomino and the domino tile a 1x6 strip in 4!/(2!2!) = 6 ways.
    const auto two = parse_pieces("piece M\nX\npiece D\nXX\n", "md.txt");
    CHECK(Dancer(make_polyform(two, read_board("1x6"), Orientations::free, Copies{2}, "1x6").matrix).count().solutions == 6);
    CHECK(Dancer(make_polyform(domino, read_board("2x4"), Orientations::free, Copies::any(), "any").matrix).count().solutions == 5);
    CHECK_THROWS_WITH(make_polyform(domino, read_board("2x4"), Orientations::free, Copies{3}, "x"),
                      "the pieces cover 6 cells (1 piece x 3 copies) but the board has 8");
}

TEST_CASE("a sparse board too wide to draw says so instead of allocating its text", "[polyform][bad-input]") {
    std::string text = "X" + std::string(9000, '.') + "X\n";
    for (int row = 0; row < 9000; ++row) text += ".\n";
    text += "X\n";
    const auto board = parse_board(text, "sparse.txt");
    REQUIRE(board.size() == 3);
    const Problem p = make_polyform(parse_pieces("piece M\nX\n", "m.txt"), board, Orientations::free, Copies::any(), "sparse");
    std::string picture;
    Dancer(p.matrix).search([&](std::span<const OptionId> s) { picture = p.render(s); });
    CHECK(picture == "(9002 x 9002 characters: too large to draw)\n");
}
