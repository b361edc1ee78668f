#include "macmahon.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <set>
#include <vector>

namespace xcount {

namespace {

enum Side { top, right, bottom, left };
using Edges = std::array<int, 4>;  // the colours of a placed square's sides, by Side

Edges turned(const Edges& e, int quarters) {  // clockwise: the top takes the left side's colour
    Edges out{};
    for (int d = 0; d < 4; ++d) out[static_cast<std::size_t>((d + quarters) % 4)] = e[static_cast<std::size_t>(d)];
    return out;
}

Edges least_turn(const Edges& e) {
    Edges least = e;
    for (int q = 1; q < 4; ++q) least = std::min(least, turned(e, q));
    return least;
}

// Every square up to rotation, each as its least turn.
std::vector<Edges> all_squares(int colours) {
    std::set<Edges> squares;
    for (int code = 0; code < colours * colours * colours * colours; ++code) {
        Edges e{};
        for (int d = 0, rest = code; d < 4; ++d, rest /= colours) e[static_cast<std::size_t>(d)] = rest % colours;
        squares.insert(least_turn(e));
    }
    return {squares.begin(), squares.end()};
}

struct Placement {
    std::size_t square;
    Edges edges;
    int row, column;
};

// A symmetry of the board: where each cell goes and where each side of a cell goes.
struct BoardMap {
    std::string name;
    std::array<int, 4> side;  // side d goes to side[d]
    bool transposes;          // (i, j) -> (j, i) before the flips
    bool flips_rows, flips_columns;
};

std::string edge_name(bool horizontal, int row, int column) {
    return (horizontal ? "h" : "v") + std::to_string(row) + "," + std::to_string(column);
}

std::string square_name(const Edges& e) {
    std::string name = "q";
    for (int c : e) name += std::to_string(c);
    return name;
}

}  // namespace

Problem make_macmahon(int colours, int rows, int columns, int border, EdgeRule rule) {
    if (colours < 1 || colours > 8) throw InputError("macmahon: --colours must be between 1 and 8, not " + std::to_string(colours));
    if (border < -1 || border >= colours)
        throw InputError("macmahon: --border must be a colour 0.." + std::to_string(colours - 1) + " or any, not " +
                         std::to_string(border));
    const std::vector<Edges> squares = all_squares(colours);
    if (rows < 1 || columns < 1 || static_cast<std::size_t>(rows) * static_cast<std::size_t>(columns) != squares.size())
        throw InputError("macmahon: the " + std::to_string(squares.size()) + " squares of " + std::to_string(colours) +
                         " colours need a board of " + std::to_string(squares.size()) + " cells, not " + std::to_string(rows) + "x" +
                         std::to_string(columns));
    MatrixBuilder b;
    for (const Edges& e : squares) b.add_item(square_name(e), Kind::primary);
    std::map<std::pair<int, int>, ItemId> cell;
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < columns; ++j) cell[{i, j}] = b.add_item(std::to_string(i) + "," + std::to_string(j), Kind::primary);
    // The inner edges: below (i, j) and right of (i, j); per colour too under the exact rule.
    const int per_edge = rule == EdgeRule::exact ? colours : 1;
    std::map<std::tuple<bool, int, int>, ItemId> edge;  // the first of its per_edge items
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < columns; ++j)
            for (bool horizontal : {true, false}) {
                if (horizontal ? i + 1 == rows : j + 1 == columns) continue;
                for (int c = 0; c < per_edge; ++c) {
                    const ItemId id =
                        b.add_item(edge_name(horizontal, i, j) + (rule == EdgeRule::exact ? "=" + std::to_string(c) : ""), Kind::secondary);
                    if (c == 0) edge[{horizontal, i, j}] = id;
                }
            }
    std::vector<ColourId> colour_id;
    if (rule == EdgeRule::colours)
        for (int c = 0; c < colours; ++c) colour_id.push_back(b.colour(std::to_string(c)));

    auto placements = std::make_shared<std::vector<Placement>>();
    std::map<std::tuple<std::size_t, Edges, int, int>, OptionId> option_of;
    for (std::size_t s = 0; s < squares.size(); ++s) {
        std::set<Edges> turns;
        for (int q = 0; q < 4; ++q) turns.insert(turned(squares[s], q));
        for (const Edges& e : turns)
            for (int i = 0; i < rows; ++i)
                for (int j = 0; j < columns; ++j) {
                    // Each side: on the border (its colour checked) or an inner edge, which the
                    // square holds from above/left (first) or from below/right.
                    const std::array<bool, 4> outer{i == 0, j + 1 == columns, i + 1 == rows, j == 0};
                    bool fits = true;
                    for (int d = 0; d < 4; ++d)
                        if (outer[static_cast<std::size_t>(d)] && border >= 0 && e[static_cast<std::size_t>(d)] != border) fits = false;
                    if (!fits) continue;
                    std::vector<ItemId> items{static_cast<ItemId>(s), cell.at({i, j})};
                    std::vector<ColourId> item_colours{0, 0};
                    const auto hold = [&](bool horizontal, int ei, int ej, bool first, int colour) {
                        const ItemId base = edge.at({horizontal, ei, ej});
                        if (rule == EdgeRule::colours) {
                            items.push_back(base);
                            item_colours.push_back(colour_id[static_cast<std::size_t>(colour)]);
                            return;
                        }
                        for (int c = 0; c < colours; ++c)
                            if (first ? c != colour : c == colour) items.push_back(base + c), item_colours.push_back(0);
                    };
                    if (!outer[top]) hold(true, i - 1, j, false, e[top]);
                    if (!outer[right]) hold(false, i, j, true, e[right]);
                    if (!outer[bottom]) hold(true, i, j, true, e[bottom]);
                    if (!outer[left]) hold(false, i, j - 1, false, e[left]);
                    const auto id = rule == EdgeRule::colours ? b.add_option(items, item_colours) : b.add_option(items);
                    if (!id) continue;
                    option_of[{s, e, i, j}] = *id;
                    placements->push_back({s, e, i, j});
                }
    }
    // The scan engine fills the cells row by row, as edge-matching solvers do; the squares follow.
    std::vector<ItemId> scan;
    for (const auto& [at, id] : cell) scan.push_back(id);
    for (std::size_t s = 0; s < squares.size(); ++s) scan.push_back(static_cast<ItemId>(s));
    b.set_scan_order(std::move(scan));
    Problem p{"macmahon " + std::to_string(colours) + " colours on " + std::to_string(rows) + "x" + std::to_string(columns) +
                  (border < 0 ? ", any border" : ", border " + std::to_string(border)) + (rule == EdgeRule::exact ? " (exact)" : ""),
              std::move(b).build()};

    // The board's symmetries as generators: the two flips, and the transposition of a square.
    // Not under the exact rule, whose edge items tell the two sides of an edge apart.
    std::vector<BoardMap> maps{{"flip-x", {top, left, bottom, right}, false, false, true},
                               {"flip-y", {bottom, right, top, left}, false, true, false}};
    if (rows == columns) maps.push_back({"transpose", {left, bottom, right, top}, true, false, false});
    if (rule == EdgeRule::exact) maps.clear();
    for (const BoardMap& g : maps) {
        Symmetry sym{g.name, std::vector<OptionId>(placements->size()), {}};
        for (std::size_t o = 0; o < placements->size(); ++o) {
            const Placement& pl = (*placements)[o];
            int i = pl.row, j = pl.column;
            if (g.transposes) std::swap(i, j);
            if (g.flips_rows) i = rows - 1 - i;
            if (g.flips_columns) j = columns - 1 - j;
            Edges image{};
            for (int d = 0; d < 4; ++d)
                image[static_cast<std::size_t>(g.side[static_cast<std::size_t>(d)])] = pl.edges[static_cast<std::size_t>(d)];
            const auto square =
                static_cast<std::size_t>(std::lower_bound(squares.begin(), squares.end(), least_turn(image)) - squares.begin());
            sym.options[o] = option_of.at({square, image, i, j});
        }
        p.symmetries.push_back(std::move(sym));
    }

    // Text: each cell as its four colours around a blank centre, three lines a row of cells.
    p.render = [placements, rows, columns](std::span<const OptionId> solution) {
        std::vector<std::string> lines(static_cast<std::size_t>(3 * rows), std::string(static_cast<std::size_t>(4 * columns - 1), ' '));
        for (OptionId o : solution) {
            const Placement& pl = (*placements)[static_cast<std::size_t>(o)];
            const auto y = static_cast<std::size_t>(3 * pl.row), x = static_cast<std::size_t>(4 * pl.column);
            const auto digit = [&](int side) { return static_cast<char>('0' + pl.edges[static_cast<std::size_t>(side)]); };
            lines[y][x + 1] = digit(top);
            lines[y + 1][x] = digit(left);
            lines[y + 1][x + 2] = digit(right);
            lines[y + 2][x + 1] = digit(bottom);
        }
        std::string out;
        for (std::string& line : lines) {
            while (!line.empty() && line.back() == ' ') line.pop_back();
            out += line + "\n";
        }
        return out;
    };
    // One line: the squares row by row, each as its top, right, bottom and left colours.
    p.line = [placements, columns](std::span<const OptionId> solution) {
        std::vector<const Placement*> by_cell(solution.size());
        for (OptionId o : solution) {
            const Placement& pl = (*placements)[static_cast<std::size_t>(o)];
            by_cell[static_cast<std::size_t>(pl.row * columns + pl.column)] = &pl;
        }
        std::string out;
        for (std::size_t k = 0; k < by_cell.size(); ++k) {
            if (k > 0) out += k % static_cast<std::size_t>(columns) == 0 ? "/" : " ";
            for (int c : by_cell[k]->edges) out += static_cast<char>('0' + c);
        }
        return out;
    };
    // Picture: each cell as four triangles meeting in its centre, filled with their colours.
    p.picture = [placements](std::span<const OptionId> solution) {
        Panel panel;
        for (OptionId o : solution) {
            const Placement& pl = (*placements)[static_cast<std::size_t>(o)];
            const double x = pl.column, y = pl.row;
            const std::array<Point, 4> corner{Point{x, y}, Point{x + 1, y}, Point{x + 1, y + 1}, Point{x, y + 1}};
            const Point centre{x + 0.5, y + 0.5};
            for (std::size_t d = 0; d < 4; ++d)
                panel.pieces.push_back(PieceShape{.loops = {{corner[d], corner[(d + 1) % 4], centre}},
                                                  .strokes = {},
                                                  .label = "",
                                                  .label_at = centre,
                                                  .colour = pl.edges[d]});
        }
        return Picture{{std::move(panel)}};
    };
    return p;
}

}  // namespace xcount
