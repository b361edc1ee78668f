#include "lattice.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "xcount/error.hpp"

namespace xcount {

namespace {

using Matrix3 = std::array<std::array<int, 3>, 3>;

int determinant(const Matrix3& m) {
    return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
           m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

Matrix3 product(const Matrix3& a, const Matrix3& b) {
    Matrix3 p{};
    for (std::size_t r = 0; r < 3; ++r)
        for (std::size_t c = 0; c < 3; ++c)
            for (std::size_t k = 0; k < 3; ++k) p[r][c] += a[r][k] * b[k][c];
    return p;
}

int floor_div(int a, int b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }
int floor_mod(int a, int b) { return a - b * floor_div(a, b); }

std::string plane_name(const std::array<int, 3>& perm, const std::array<int, 3>& sign) {
    static const std::map<std::array<int, 4>, std::string> names = {
        {{0, 1, 1, 1}, "identity"},  {{0, 1, -1, 1}, "flip-x"}, {{0, 1, 1, -1}, "flip-y"}, {{0, 1, -1, -1}, "rot180"},
        {{1, 0, 1, 1}, "transpose"}, {{1, 0, -1, 1}, "rot90"},  {{1, 0, 1, -1}, "rot270"}, {{1, 0, -1, -1}, "antitranspose"}};
    return names.at({perm[0], perm[1], sign[0], sign[1]});
}

std::string space_name(const std::array<int, 3>& perm, const std::array<int, 3>& sign) {
    std::string name = "[";
    for (std::size_t k = 0; k < 3; ++k) name += std::string(k ? "," : "") + (sign[k] < 0 ? "-" : "+") + "xyz"[perm[k]];
    return name + "]";
}

std::string unexpected(char c, const std::string& allowed) { return "unexpected character '" + std::string(1, c) + "' (" + allowed + ")"; }

// The 12 symmetries of the hexagon in the basis e1 = (1, 0), e2 = (1/2, sqrt(3)/2), shared by
// the triangular lattice and the hexagonal one: rotation by 60 degrees takes e1 -> e2 and
// e2 -> e2 - e1; the mirror swaps e1 and e2.
std::vector<LatticeMap> hexagonal_maps() {
    const Matrix3 rotate{{{0, -1, 0}, {1, 1, 0}, {0, 0, 1}}}, mirror{{{0, 1, 0}, {1, 0, 0}, {0, 0, 1}}};
    std::vector<LatticeMap> maps;
    Matrix3 power{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    for (int k = 0; k < 6; ++k, power = product(rotate, power))
        maps.push_back({k == 0 ? "identity" : "rot" + std::to_string(60 * k), power, true});
    for (int k = 0; k < 6; ++k) {
        const Matrix3 m = product(maps[static_cast<std::size_t>(k)].matrix, mirror);
        maps.push_back({"mirror" + std::to_string(30 + 30 * k), m, determinant(m) > 0});  // axis angle
    }
    return maps;
}

class SquareLattice final : public Lattice {
public:
    std::string name() const override { return "square"; }
    std::string unit() const override { return "cell"; }
    int period() const override { return 1; }
    bool layered() const override { return true; }
    std::vector<LatticeMap> maps(bool three_d) const override { return lattice_maps(three_d); }
    std::vector<Cell> neighbours(const Cell& c) const override {
        return {{c[0] - 1, c[1], c[2]}, {c[0] + 1, c[1], c[2]}, {c[0], c[1] - 1, c[2]},
                {c[0], c[1] + 1, c[2]}, {c[0], c[1], c[2] - 1}, {c[0], c[1], c[2] + 1}};
    }
    std::optional<Cell> read_char(char c, int column, int row, int layer) const override {
        if (c == 'X' || c == 'x' || c == '#') return Cell{column, row, layer};
        if (c == '.' || c == ' ') return std::nullopt;
        throw InputError(unexpected(c, "X is a cell, . is none"));
    }
    TextPosition position(const Cell& c) const override { return {c[0], c[1], c[2]}; }
    char file_char(const Cell&) const override { return 'X'; }
    std::string item_name(const Cell& c, bool three_d) const override {
        // Row, column (and layer): "3,7" or "3,7,1".
        return std::to_string(c[1]) + "," + std::to_string(c[0]) + (three_d ? "," + std::to_string(c[2]) : "");
    }
    std::vector<Cell> rectangle(int rows, int columns) const override {
        std::vector<Cell> cells;
        for (int y = 0; y < rows; ++y)
            for (int x = 0; x < columns; ++x) cells.push_back({x, y, 0});
        return cells;
    }
    std::vector<Corner> corners(const Cell& c) const override {
        return {{c[0], c[1]}, {c[0] + 1, c[1]}, {c[0] + 1, c[1] + 1}, {c[0], c[1] + 1}};
    }
};

// Text: row b holds rhombi a = 0, 1, ...; each rhombus is two characters, the triangle
// pointing up and then the one pointing down.
class TriangleLattice final : public Lattice {
public:
    std::string name() const override { return "triangle"; }
    std::string unit() const override { return "triangle"; }
    int period() const override { return 3; }
    std::vector<LatticeMap> maps(bool) const override { return hexagonal_maps(); }
    std::vector<Cell> neighbours(const Cell& c) const override {
        // Up (3a+1, 3b+1) touches the down triangles at +(1,1), +(1,-2), +(-2,1); down ones
        // the up triangles at the opposite offsets.
        const int s = floor_mod(c[0], 3) == 1 ? 1 : -1;
        return {{c[0] + s, c[1] + s, c[2]}, {c[0] + s, c[1] - 2 * s, c[2]}, {c[0] - 2 * s, c[1] + s, c[2]}};
    }
    std::optional<Cell> read_char(char c, int column, int row, int layer) const override {
        if (c == 'X' || c == 'x' || c == '#') {
            const int a = column / 2, down = column % 2;
            return Cell{3 * a + 1 + down, 3 * row + 1 + down, layer};
        }
        if (c == '.' || c == ' ') return std::nullopt;
        throw InputError(unexpected(c, "X is a triangle, . is none"));
    }
    TextPosition position(const Cell& c) const override {
        const int down = floor_mod(c[0], 3) == 2 ? 1 : 0;
        return {2 * floor_div(c[0] - 1 - down, 3) + down, floor_div(c[1] - 1 - down, 3), c[2]};
    }
    char file_char(const Cell&) const override { return 'X'; }
    std::string item_name(const Cell& c, bool) const override {
        const TextPosition p = position(c);
        return std::to_string(p.row) + "," + std::to_string(p.column / 2) + (p.column % 2 ? "d" : "u");
    }
    std::vector<Cell> rectangle(int rows, int columns) const override {
        std::vector<Cell> cells;
        for (int b = 0; b < rows; ++b)
            for (int a = 0; a < columns; ++a)
                for (int down = 0; down < 2; ++down) cells.push_back({3 * a + 1 + down, 3 * b + 1 + down, 0});
        return cells;
    }
    std::vector<Cell> hexagon(int side) const override {
        // The triangles whose centroids lie within hex distance `side` of the point (side,
        // side): max(|x|, |y|, |x + y|) <= side, in thirds.
        std::vector<Cell> cells;
        for (int b = 0; b < 2 * side; ++b)
            for (int a = 0; a < 2 * side; ++a)
                for (int down = 0; down < 2; ++down) {
                    const int x = 3 * (a - side) + 1 + down, y = 3 * (b - side) + 1 + down;
                    if (std::max({std::abs(x), std::abs(y), std::abs(x + y)}) <= 3 * side)
                        cells.push_back({3 * a + 1 + down, 3 * b + 1 + down, 0});
                }
        return cells;
    }
    std::vector<Corner> corners(const Cell& c) const override {
        const int down = floor_mod(c[0], 3) == 2 ? 1 : 0;
        const int a = floor_div(c[0] - 1 - down, 3), b = floor_div(c[1] - 1 - down, 3);
        if (down) return {{a + 1, b}, {a + 1, b + 1}, {a, b + 1}};
        return {{a, b}, {a + 1, b}, {a, b + 1}};
    }
    Point plane(const Corner& k) const override { return {k[0] + 0.5 * k[1], 0.8660254037844386 * k[1]}; }
};

// A hexagon is its centre (q, r) = q e1 + r e2. Text: row r holds its hexagons in every other
// column, at 2q + r, so that each row sits half a hexagon right of the row above and a
// hexagon's column and row add up to an even number: a parallelogram of 2 rows of 3 ("2x3")
// and a hexagon of side 2 are
//     X X X            X X
//      X X X          X X X
//                      X X
class HexLattice final : public Lattice {
public:
    std::string name() const override { return "hex"; }
    std::string unit() const override { return "hexagon"; }
    int period() const override { return 1; }
    std::vector<LatticeMap> maps(bool) const override { return hexagonal_maps(); }
    std::vector<Cell> neighbours(const Cell& c) const override {
        return {{c[0] + 1, c[1], c[2]}, {c[0] - 1, c[1], c[2]},     {c[0], c[1] + 1, c[2]},
                {c[0], c[1] - 1, c[2]}, {c[0] + 1, c[1] - 1, c[2]}, {c[0] - 1, c[1] + 1, c[2]}};
    }
    std::optional<Cell> read_char(char c, int column, int row, int layer) const override {
        if (c == 'X' || c == 'x' || c == '#') {
            if ((column + row) % 2 != 0)
                throw InputError(
                    "a hexagon sits where its column and row add up to an even number (each row is shifted half a "
                    "hexagon: 'X X' above ' X X')");
            return Cell{floor_div(column - row, 2), row, layer};
        }
        if (c == '.' || c == ' ') return std::nullopt;
        throw InputError(unexpected(c, "X is a hexagon, . is none"));
    }
    TextPosition position(const Cell& c) const override { return {2 * c[0] + c[1], c[1], c[2]}; }
    char file_char(const Cell&) const override { return 'X'; }
    std::string item_name(const Cell& c, bool) const override {  // the text's row and column
        const TextPosition p = position(c);
        return std::to_string(p.row) + "," + std::to_string(p.column);
    }
    std::vector<Cell> rectangle(int rows, int columns) const override {
        std::vector<Cell> cells;
        for (int r = 0; r < rows; ++r)
            for (int q = 0; q < columns; ++q) cells.push_back({q, r, 0});
        return cells;
    }
    std::vector<Cell> hexagon(int side) const override {
        // The centres within hex distance side - 1 of (side - 1, side - 1).
        std::vector<Cell> cells;
        for (int r = 0; r < 2 * side - 1; ++r)
            for (int q = 0; q < 2 * side - 1; ++q)
                if (q + r >= side - 1 && q + r <= 3 * side - 3) cells.push_back({q, r, 0});
        return cells;
    }
    std::vector<Corner> corners(const Cell& c) const override {
        // In thirds of e1 and e2: the centroids of the six triangles around the centre.
        const int q = 3 * c[0], r = 3 * c[1];
        return {{q + 1, r + 1}, {q - 1, r + 2}, {q - 2, r + 1}, {q - 1, r - 1}, {q + 1, r - 2}, {q + 2, r - 1}};
    }
    Point plane(const Corner& k) const override { return {(k[0] + 0.5 * k[1]) / 3, 0.8660254037844386 * k[1] / 3}; }
};

// Text: the doubled coordinates themselves; '-' a horizontal edge (odd column, even row), '|'
// a vertical one (even column, odd row), '+' a grid point (even, even), written for legibility.
class EdgeLattice final : public Lattice {
public:
    std::string name() const override { return "edge"; }
    std::string unit() const override { return "edge"; }
    int period() const override { return 2; }
    std::vector<LatticeMap> maps(bool) const override { return lattice_maps(false); }
    std::vector<Cell> neighbours(const Cell& c) const override {
        // Edges through either end point: the one straight on and the two across.
        const bool horizontal = floor_mod(c[0], 2) == 1;
        std::vector<Cell> out;
        for (int side : {-1, 1}) {
            out.push_back(horizontal ? Cell{c[0] + 2 * side, c[1], 0} : Cell{c[0], c[1] + 2 * side, 0});
            for (int across : {-1, 1})
                out.push_back(horizontal ? Cell{c[0] + side, c[1] + across, 0} : Cell{c[0] + across, c[1] + side, 0});
        }
        return out;
    }
    std::optional<Cell> read_char(char c, int column, int row, int) const override {
        if (c == '-' && column % 2 == 1 && row % 2 == 0) return Cell{column, row, 0};
        if (c == '|' && column % 2 == 0 && row % 2 == 1) return Cell{column, row, 0};
        if (c == '+' || c == ' ' || c == '.') return std::nullopt;
        if (c == '-' || c == '|')
            throw InputError("'" + std::string(1, c) + "' in column " + std::to_string(column + 1) + " of " +
                             (row % 2 ? "an odd" : "an even") +
                             " row is not an edge ('-' sits between two '+' of a grid row, '|' between rows)");
        throw InputError(unexpected(c, "- and | are edges, + a grid point"));
    }
    TextPosition position(const Cell& c) const override { return {c[0], c[1], 0}; }
    char file_char(const Cell& c) const override { return floor_mod(c[0], 2) ? '-' : '|'; }
    char filler(int column, int row) const override { return column % 2 == 0 && row % 2 == 0 ? '+' : ' '; }
    std::string item_name(const Cell& c, bool) const override {
        const bool horizontal = floor_mod(c[0], 2) == 1;
        return (horizontal ? "h" : "v") + std::to_string(floor_div(c[1], 2)) + "," + std::to_string(floor_div(c[0], 2));
    }
    std::vector<Cell> rectangle(int rows, int columns) const override {
        std::vector<Cell> edges;
        for (int y = 0; y <= 2 * rows; ++y)
            for (int x = 0; x <= 2 * columns; ++x)
                if ((x + y) % 2 == 1) edges.push_back({x, y, 0});
        return edges;
    }
    std::vector<Cell> crossings(const std::vector<Cell>& cells) const override {
        const std::set<Cell> all(cells.begin(), cells.end());
        std::set<Cell> through;
        for (const Cell& c : cells) {
            const bool horizontal = floor_mod(c[0], 2) == 1;
            const Cell next = horizontal ? Cell{c[0] + 2, c[1], 0} : Cell{c[0], c[1] + 2, 0};
            if (all.count(next)) through.insert(horizontal ? Cell{c[0] + 1, c[1], 0} : Cell{c[0], c[1] + 1, 0});
        }
        return {through.begin(), through.end()};
    }
    std::string crossing_name(const Cell& c) const override {
        return "+" + std::to_string(floor_div(c[1], 2)) + "," + std::to_string(floor_div(c[0], 2));
    }
    std::vector<Corner> corners(const Cell& c) const override {
        const int x = floor_div(c[0], 2), y = floor_div(c[1], 2);
        if (floor_mod(c[0], 2) == 1) return {{x, y}, {x + 1, y}};
        return {{x, y}, {x, y + 1}};
    }
    bool strokes() const override { return true; }
};

}  // namespace

std::vector<Cell> Lattice::hexagon(int) const {
    throw InputError("a hexagon is a board of the triangular or hexagonal lattice (polyiamond, polyhex), not of the " + name() +
                     " lattice");
}

bool Lattice::adjacent(const Cell& a, const Cell& b) const {
    const auto near = neighbours(a);
    return std::find(near.begin(), near.end(), b) != near.end();
}

std::vector<LatticeMap> lattice_maps(bool three_d) {
    std::vector<LatticeMap> maps;
    std::array<int, 3> perm{0, 1, 2};
    do {
        if (!three_d && perm[2] != 2) continue;
        for (int bits = 0; bits < 8; ++bits) {
            if (!three_d && (bits & 4)) continue;
            const std::array<int, 3> sign{bits & 1 ? -1 : 1, bits & 2 ? -1 : 1, bits & 4 ? -1 : 1};
            Matrix3 m{};
            for (std::size_t k = 0; k < 3; ++k) m[k][static_cast<std::size_t>(perm[k])] = sign[k];
            maps.push_back({three_d ? space_name(perm, sign) : plane_name(perm, sign), m, determinant(m) > 0});
        }
    } while (std::next_permutation(perm.begin(), perm.end()));
    return maps;  // the identity (perm 0 1 2, no sign) comes first
}

const Lattice& square_lattice() {
    static const SquareLattice lattice;
    return lattice;
}

const Lattice& triangle_lattice() {
    static const TriangleLattice lattice;
    return lattice;
}

const Lattice& hex_lattice() {
    static const HexLattice lattice;
    return lattice;
}

const Lattice& edge_lattice() {
    static const EdgeLattice lattice;
    return lattice;
}

}  // namespace xcount
