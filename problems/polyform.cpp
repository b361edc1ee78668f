#include "polyform.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <map>
#include <memory>
#include <numeric>
#include <set>
#include <sstream>

#include "xcount/count.hpp"
#include "xcount/text_file.hpp"

namespace xcount {

namespace {

constexpr int kMaxBoardCells = 1 << 20;

int floor_multiple(int value, int period) { return period * (value / period - (value % period < 0)); }

// Translate by a multiple of the lattice's period so that each coordinate's minimum lies in
// [0, period), then sort: two shapes that differ by a translation become equal.
void normalise(std::vector<Cell>& cells, const Lattice& lattice) {
    Cell low{cells[0]};
    for (const Cell& c : cells)
        for (std::size_t k = 0; k < 3; ++k) low[k] = std::min(low[k], c[k]);
    for (std::size_t k = 0; k < 3; ++k) low[k] = floor_multiple(low[k], lattice.period());
    for (Cell& c : cells)
        for (std::size_t k = 0; k < 3; ++k) c[k] -= low[k];
    std::sort(cells.begin(), cells.end());
}

bool connected(const std::vector<Cell>& cells, const Lattice& lattice) {
    const std::set<Cell> all(cells.begin(), cells.end());
    std::set<Cell> seen{cells[0]};
    std::vector<Cell> stack{cells[0]};
    while (!stack.empty()) {
        const Cell c = stack.back();
        stack.pop_back();
        for (const Cell& n : lattice.neighbours(c))
            if (all.count(n) && seen.insert(n).second) stack.push_back(n);
    }
    return seen.size() == all.size();
}

// The cells of one block of text lines, read character by character by the lattice.
struct Grid {
    std::vector<Cell> cells;
    void add_row(const std::string& row, int y, int z, const std::string& where, const Lattice& lattice) {
        for (std::size_t x = 0; x < row.size(); ++x) {
            try {
                if (const auto cell = lattice.read_char(row[x], static_cast<int>(x), y, z)) cells.push_back(*cell);
            } catch (const InputError& e) {
                throw InputError(where + ", column " + std::to_string(x + 1) + ": " + e.what());
            }
        }
    }
};

bool starts_layer(const std::string& line, const Lattice& lattice) { return lattice.layered() && line == "+"; }

std::string trim_right(std::string s) {
    while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t')) s.pop_back();
    return s;
}

}  // namespace

std::vector<Cell> parse_board(const std::string& text, const std::string& source, const Lattice& lattice) {
    std::istringstream in(text);
    std::string line;
    Grid grid;
    int y = 0, z = 0;
    long number = 0;
    while (std::getline(in, line)) {
        ++number;
        line = trim_right(line);
        if (line.empty() || line[0] == '#') continue;
        if (starts_layer(line, lattice)) {
            ++z;
            y = 0;
            continue;
        }
        grid.add_row(line, y++, z, located(source, number, 0, "board"), lattice);
    }
    if (grid.cells.empty()) throw InputError(source + ": the board has no " + lattice.unit() + "s");
    if (grid.cells.size() > kMaxBoardCells)
        throw InputError(source + ": the board has more than " + std::to_string(kMaxBoardCells) + " cells");
    return grid.cells;
}

namespace {

// Text of cells on the lattice: each cell's character at its text position, `blank` where the
// lattice has nothing (or its filler), one block of rows per layer.
std::string draw(const std::vector<std::pair<Cell, char>>& cells, const Lattice& lattice, char blank, const std::string& between_layers) {
    TextPosition high{0, 0, 0};
    for (const auto& [cell, letter] : cells) {
        const TextPosition p = lattice.position(cell);
        high = {std::max(high.column, p.column), std::max(high.row, p.row), std::max(high.layer, p.layer)};
    }
    const auto width = static_cast<std::size_t>(high.column + 1), height = static_cast<std::size_t>(high.row + 1);
    // A sparse board can span far more text than it has cells; past this, no picture.
    constexpr double kMaxCharacters = 1 << 26;
    if (static_cast<double>(width) * static_cast<double>(height) * (high.layer + 1) > kMaxCharacters)
        return "(" + std::to_string(width) + " x " + std::to_string(height) + " characters: too large to draw)\n";
    std::vector<std::string> rows(height * static_cast<std::size_t>(high.layer + 1), std::string(width, blank));
    for (std::size_t r = 0; r < rows.size(); ++r)
        for (std::size_t x = 0; x < width; ++x) {
            const char fill = lattice.filler(static_cast<int>(x), static_cast<int>(r % height));
            if (fill != ' ') rows[r][x] = fill;
        }
    for (const auto& [cell, letter] : cells) {
        const TextPosition p = lattice.position(cell);
        rows[static_cast<std::size_t>(p.layer) * height + static_cast<std::size_t>(p.row)][static_cast<std::size_t>(p.column)] = letter;
    }
    std::string out;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (r > 0 && r % height == 0) out += between_layers;
        out += trim_right(rows[r]) + "\n";
    }
    return out;
}

std::string render(const std::vector<Cell>& board, const std::vector<std::pair<char, std::vector<Cell>>>& placed, const Lattice& lattice) {
    std::map<Cell, char> letters;
    for (const Cell& c : board) letters[c] = '.';
    for (const auto& [letter, cells] : placed)
        for (const Cell& c : cells) letters[c] = letter;
    return draw({letters.begin(), letters.end()}, lattice, ' ', "\n");
}

}  // namespace

std::vector<Piece> parse_pieces(const std::string& text, const std::string& source, const Lattice& lattice) {
    std::istringstream in(text);
    std::vector<Piece> pieces;
    std::vector<long> starts;
    Grid grid;
    std::string line;
    long number = 0;
    int y = 0, z = 0;
    auto finish = [&]() {
        if (pieces.empty()) return;
        Piece& p = pieces.back();
        const std::string where = located(source, starts.back(), 0, "piece " + quote_name(p.name));
        p.cells = grid.cells;
        if (p.cells.empty()) throw InputError(where + " has no " + lattice.unit() + "s");
        if (!connected(p.cells, lattice)) throw InputError(where + " is not connected");
        normalise(p.cells, lattice);
        grid.cells.clear();
    };
    while (std::getline(in, line)) {
        ++number;
        line = trim_right(line);
        if (line.empty() || line[0] == '#') continue;
        if (line.rfind("piece", 0) == 0 && (line.size() == 5 || std::isspace(static_cast<unsigned char>(line[5])))) {
            finish();
            std::istringstream words(line.substr(5));
            std::string name, extra;
            if (!(words >> name)) throw InputError(located(source, number, 0, "'piece' needs a name"));
            if (words >> extra) throw InputError(located(source, number, 0, "a piece name is one word"));
            for (const Piece& p : pieces)
                if (p.name == name) throw InputError(located(source, number, 0, "duplicate piece name " + quote_name(name)));
            pieces.push_back({name, {}});
            starts.push_back(number);
            y = z = 0;
            continue;
        }
        if (pieces.empty()) throw InputError(located(source, number, 0, "rows before the first 'piece NAME' line"));
        if (starts_layer(line, lattice)) {
            ++z;
            y = 0;
            continue;
        }
        grid.add_row(line, y++, z, located(source, number, 0, "piece " + quote_name(pieces.back().name)), lattice);
    }
    finish();
    if (pieces.empty()) throw InputError(source + ": no pieces");
    return pieces;
}

std::string format_pieces(const std::vector<Piece>& pieces, const Lattice& lattice) {
    std::string out;
    for (const Piece& p : pieces) {
        std::vector<std::pair<Cell, char>> cells;
        for (const Cell& c : p.cells) cells.emplace_back(c, lattice.file_char(c));
        out += "piece " + p.name + "\n" + draw(cells, lattice, '.', "+\n");
    }
    return out;
}

std::vector<Piece> read_pieces_file(const std::string& path, const Lattice& lattice) {
    return parse_pieces(read_text_file(path, "piece file"), path, lattice);
}

std::vector<Cell> read_board(const std::string& spec, const Lattice& lattice) {
    std::vector<int> sizes;
    std::istringstream words(spec);
    std::string part;
    bool numeric = !spec.empty();
    while (numeric && std::getline(words, part, 'x')) {
        const auto value = parse_count(part);
        if (!value || *value == 0 || *value > kMaxBoardCells)
            numeric = false;
        else
            sizes.push_back(static_cast<int>(*value));
    }
    if (numeric && sizes.size() == 2 && spec.back() != 'x' && !lattice.layered()) {
        if (1LL * sizes[0] * sizes[1] * 2 > kMaxBoardCells)
            throw InputError("board " + spec + ": more than " + std::to_string(kMaxBoardCells) + " " + lattice.unit() + "s");
        return lattice.rectangle(sizes[0], sizes[1]);
    }
    if (numeric && (sizes.size() == 2 || sizes.size() == 3) && spec.back() != 'x' && lattice.layered()) {
        if (sizes.size() == 2) sizes.push_back(1);
        const long long cells = 1LL * sizes[0] * sizes[1] * sizes[2];
        if (cells > kMaxBoardCells) throw InputError("board " + spec + ": more than " + std::to_string(kMaxBoardCells) + " cells");
        std::vector<Cell> board;
        // RxC: R rows (y) and C columns (x); AxBxC: A columns, B rows, C layers.
        const bool flat = std::count(spec.begin(), spec.end(), 'x') == 1;
        const int nx = flat ? sizes[1] : sizes[0], ny = flat ? sizes[0] : sizes[1], nz = sizes[2];
        for (int z = 0; z < nz; ++z)
            for (int y = 0; y < ny; ++y)
                for (int x = 0; x < nx; ++x) board.push_back({x, y, z});
        return board;
    }
    std::error_code ec;
    if (!std::filesystem::exists(spec, ec))
        throw InputError("board " + quote_name(spec) + (lattice.layered() ? ": neither RxC, AxBxC" : ": neither RxC") +
                         " nor an existing board file");
    return parse_board(read_text_file(spec, "board file"), spec, lattice);
}

std::vector<std::vector<Cell>> orientations(const std::vector<Cell>& cells, Orientations mode, bool three_d, const Lattice& lattice) {
    std::set<std::vector<Cell>> shapes;
    const std::vector<LatticeMap> maps = lattice.maps(three_d);
    for (const LatticeMap& map : maps) {
        const bool identity = &map == &maps.front();
        if ((mode == Orientations::one_sided && !map.proper) || (mode == Orientations::fixed && !identity)) continue;
        std::vector<Cell> image;
        for (const Cell& c : cells) image.push_back(map(c));
        normalise(image, lattice);
        shapes.insert(image);
    }
    return {shapes.begin(), shapes.end()};
}

namespace {

struct Placement {
    char letter;        // drawn with the piece's first letter
    std::size_t piece;  // index in the piece list
    std::vector<Cell> cells;
};

bool is_three_d(const std::vector<Cell>& board) {
    return std::any_of(board.begin(), board.end(), [](const Cell& c) { return c[2] != 0; });
}

void check_fit(const std::vector<Piece>& pieces, const std::vector<Cell>& board, Copies copies, const Lattice& lattice) {
    const bool three_d = is_three_d(board);
    for (const Piece& p : pieces)
        for (const Cell& c : p.cells)
            if (c[2] != 0 && !three_d) throw InputError("piece " + quote_name(p.name) + " is three-dimensional but the board is flat");
    if (copies.unlimited()) return;
    std::size_t area = 0;
    for (const Piece& p : pieces) area += p.cells.size() * static_cast<std::size_t>(copies.each);
    if (copies.at_most ? area < board.size() : area != board.size()) {
        const std::string each = copies.each == 1 ? "" : " x " + std::to_string(copies.each) + " copies";
        throw InputError("the pieces cover " + std::to_string(area) + " " + lattice.unit() + "s (" + std::to_string(pieces.size()) +
                         " pieces" + each + ") but the board has " + std::to_string(board.size()) +
                         (copies.at_most ? ": too few pieces even if all are used" : ""));
    }
}

// Every position of `shape` on the board: the board cells it covers, in shape order.
// The translations tried are the multiples of the lattice's period up to the board's extent.
std::vector<std::vector<Cell>> positions(const std::vector<Cell>& shape, const std::map<Cell, ItemId>& cell_item, const Cell& high,
                                         int period) {
    std::vector<std::vector<Cell>> out;
    for (int z = 0; z <= high[2]; z += period)
        for (int y = 0; y <= high[1]; y += period)
            for (int x = 0; x <= high[0]; x += period) {
                std::vector<Cell> cells;
                for (const Cell& s : shape) {
                    const Cell c{s[0] + x, s[1] + y, s[2] + z};
                    if (!cell_item.count(c)) break;
                    cells.push_back(c);
                }
                if (cells.size() == shape.size()) out.push_back(std::move(cells));
            }
    return out;
}

// Every lattice map that takes the board onto itself (up to a translation) and the piece set
// onto itself, as a permutation of the placements. A one-sided piece may go to its mirror
// image (the Soma pieces A and B); a map under which some piece has no image is left out.
std::vector<Symmetry> board_symmetries(const std::vector<Piece>& pieces, const std::vector<Cell>& board, Orientations mode,
                                       const std::vector<Placement>& placements, const Lattice& lattice) {
    const bool three_d = is_three_d(board);
    auto sorted = [](std::vector<Cell> cells) {
        std::sort(cells.begin(), cells.end());
        return cells;
    };
    const std::vector<Cell> board_cells = sorted(board);
    std::vector<std::set<std::vector<Cell>>> shapes;
    for (const Piece& p : pieces) {
        const auto all = orientations(p.cells, mode, three_d, lattice);
        shapes.emplace_back(all.begin(), all.end());
    }
    std::map<std::pair<std::size_t, std::vector<Cell>>, OptionId> option_at;
    for (std::size_t o = 0; o < placements.size(); ++o)
        option_at[{placements[o].piece, sorted(placements[o].cells)}] = static_cast<OptionId>(o);

    std::vector<Symmetry> symmetries;
    const auto maps = lattice.maps(three_d);
    for (std::size_t m = 1; m < maps.size(); ++m) {
        const LatticeMap& map = maps[m];
        // The translation that brings the image of the board back onto the board's corner.
        Cell low = board_cells.front(), image_low = map(board_cells.front());
        for (const Cell& c : board_cells)
            for (std::size_t k = 0; k < 3; ++k) low[k] = std::min(low[k], c[k]), image_low[k] = std::min(image_low[k], map(c)[k]);
        auto move = [&](const Cell& c) {
            Cell t = map(c);
            for (std::size_t k = 0; k < 3; ++k) t[k] += low[k] - image_low[k];
            return t;
        };
        std::vector<Cell> image;
        for (const Cell& c : board_cells) image.push_back(move(c));
        if (sorted(image) != board_cells) continue;
        std::vector<std::size_t> piece_to;
        std::set<std::size_t> used;
        for (const Piece& p : pieces) {
            std::vector<Cell> shape;
            for (const Cell& c : p.cells) shape.push_back(map(c));
            normalise(shape, lattice);
            const auto it = std::find_if(shapes.begin(), shapes.end(), [&](const auto& set) { return set.count(shape) != 0; });
            if (it == shapes.end()) break;
            piece_to.push_back(static_cast<std::size_t>(it - shapes.begin()));
            used.insert(piece_to.back());
        }
        if (piece_to.size() != pieces.size() || used.size() != pieces.size()) continue;
        Symmetry g{map.name, std::vector<OptionId>(placements.size()), {}};
        bool complete = true;
        for (std::size_t o = 0; o < placements.size() && complete; ++o) {
            std::vector<Cell> cells;
            for (const Cell& c : placements[o].cells) cells.push_back(move(c));
            const auto it = option_at.find({piece_to[placements[o].piece], sorted(cells)});
            complete = it != option_at.end();
            if (complete) g.options[o] = it->second;
        }
        if (complete) symmetries.push_back(std::move(g));
    }
    return symmetries;
}

// One piece as drawn: the outline of its cells (or its edges as strokes), labelled on the cell
// nearest to its centre of mass.
PieceShape piece_shape(const std::vector<Cell>& cells, const std::string& label, int colour, const Lattice& lattice) {
    PieceShape shape{.loops = {}, .strokes = {}, .label = label, .label_at = {}, .colour = colour};
    std::vector<std::vector<Corner>> polygons;
    std::vector<Point> centres;
    for (const Cell& c : cells) {
        polygons.push_back(lattice.corners(c));
        Point centre;
        for (const Corner& k : polygons.back()) {
            const Point p = lattice.plane(k);
            centre.x += p.x / static_cast<double>(polygons.back().size());
            centre.y += p.y / static_cast<double>(polygons.back().size());
        }
        centres.push_back(centre);
    }
    Point mean;
    for (const Point& p : centres) mean.x += p.x / static_cast<double>(centres.size()), mean.y += p.y / static_cast<double>(centres.size());
    const auto nearest = std::min_element(centres.begin(), centres.end(), [&mean](const Point& a, const Point& b) {
        return std::hypot(a.x - mean.x, a.y - mean.y) < std::hypot(b.x - mean.x, b.y - mean.y);
    });
    if (nearest != centres.end()) shape.label_at = *nearest;
    if (lattice.strokes()) {
        for (const auto& ends : polygons) shape.strokes.push_back({lattice.plane(ends.front()), lattice.plane(ends.back())});
        return shape;
    }
    for (const auto& loop : union_outline(polygons)) {
        shape.loops.emplace_back();
        for (const Corner& k : loop) shape.loops.back().push_back(lattice.plane(k));
    }
    return shape;
}

// A solution drawn: one panel per layer (a flat board has one).
Picture draw_solution(const std::vector<Placement>& placements, const std::vector<std::string>& names, std::span<const OptionId> solution,
                      const Lattice& lattice) {
    std::map<int, Panel> layers;
    std::vector<int> copies(names.size());  // the copies of one piece get colours of their own
    for (OptionId o : solution) {
        const Placement& p = placements[static_cast<std::size_t>(o)];
        const int colour = static_cast<int>(p.piece + names.size() * static_cast<std::size_t>(copies[p.piece]++));
        std::map<int, std::vector<Cell>> by_layer;
        for (const Cell& c : p.cells) by_layer[c[2]].push_back(c);
        for (const auto& [z, cells] : by_layer) layers[z].pieces.push_back(piece_shape(cells, names[p.piece], colour, lattice));
    }
    Picture picture;
    for (auto& [z, panel] : layers) {
        if (layers.size() > 1) panel.title = "layer " + std::to_string(z);
        picture.panels.push_back(std::move(panel));
    }
    return picture;
}

// The board's least and greatest coordinate along each axis.
struct Bounds {
    Cell low, high;
    int extent(std::size_t axis) const { return high[axis] - low[axis] + 1; }
};
Bounds bounds_of(const std::vector<Cell>& board) {
    Bounds b{board.front(), board.front()};
    for (const Cell& c : board)
        for (std::size_t k = 0; k < c.size(); ++k) b.low[k] = std::min(b.low[k], c[k]), b.high[k] = std::max(b.high[k], c[k]);
    return b;
}

// The order of the scan engine: the board's cells along its short side (the coordinate of least
// extent varies fastest), as the bitboard solvers fill a rectangle, then the pieces.
std::vector<ItemId> scan_order(const std::map<Cell, ItemId>& cell_item, const Bounds& bounds,
                               const std::vector<std::vector<ItemId>>& copy_items, Copies copies) {
    std::array<std::size_t, std::tuple_size_v<Cell>> axes{};
    std::iota(axes.begin(), axes.end(), std::size_t{0});
    std::stable_sort(axes.begin(), axes.end(), [&](std::size_t a, std::size_t b) { return bounds.extent(a) > bounds.extent(b); });
    std::vector<std::pair<Cell, ItemId>> cells(cell_item.begin(), cell_item.end());
    std::sort(cells.begin(), cells.end(), [&](const auto& a, const auto& b) {
        for (std::size_t k : axes)
            if (a.first[k] != b.first[k]) return a.first[k] < b.first[k];
        return false;
    });
    std::vector<ItemId> order;
    for (const auto& cell : cells) order.push_back(cell.second);
    if (!copies.at_most)
        for (const auto& items : copy_items) order.insert(order.end(), items.begin(), items.end());
    return order;
}

// A flat board at least half as long again as it is wide. There the scan, down its short side,
// finds dead ends about as soon as mrv does, at a fraction of the cost per node; on squarish
// boards and in 3D mrv's tree is much the smaller (docs/benchmarks.md).
bool is_narrow(const Bounds& bounds) {
    const int a = bounds.extent(0), b = bounds.extent(1);
    return 2 * std::max(a, b) >= 3 * std::min(a, b);
}

}  // namespace

Problem make_polyform(const std::vector<Piece>& pieces, const std::vector<Cell>& board, Orientations mode, Copies copies,
                      const std::string& name, const Lattice& lattice) {
    if (copies.each < 0 || copies.each > 16) throw InputError("--copies must be once, at-most-once, any or 1..16");
    check_fit(pieces, board, copies, lattice);
    const bool three_d = is_three_d(board);
    MatrixBuilder b;
    // With k copies each copy is an item of its own ("T", "T#2", ...): every tiling is then
    // found k! times per piece, which Problem::overcount divides out.
    std::vector<std::vector<ItemId>> copy_items(pieces.size());
    Count overcount = 1;
    for (std::size_t k = 0; k < pieces.size(); ++k)
        for (int c = 1; c <= copies.each; ++c) {
            copy_items[k].push_back(
                b.add_item(pieces[k].name + (c == 1 ? "" : "#" + std::to_string(c)), copies.at_most ? Kind::secondary : Kind::primary));
            if (__builtin_mul_overflow(overcount, static_cast<Count>(c), &overcount))
                throw InputError("--copies " + std::to_string(copies.each) + " with " + std::to_string(pieces.size()) +
                                 " pieces: every tiling would be found " + std::to_string(copies.each) + "!^" +
                                 std::to_string(pieces.size()) + " times, more than a 128-bit count holds; use fewer copies or pieces");
        }
    std::map<Cell, ItemId> cell_item;
    for (const Cell& c : board)
        if (!cell_item.count(c)) cell_item[c] = b.add_item(lattice.item_name(c, three_d), Kind::primary);
    // Polysticks: a grid point that two pieces pass straight through is a crossing; a
    // secondary item per point lets at most one piece pass through it.
    std::map<Cell, ItemId> crossing_item;
    for (const Cell& point : lattice.crossings(board)) crossing_item[point] = b.add_item(lattice.crossing_name(point), Kind::secondary);
    auto placements = std::make_shared<std::vector<Placement>>();
    std::vector<std::string> notes;
    Cell high{0, 0, 0};
    for (const Cell& c : board)
        for (std::size_t k = 0; k < 3; ++k) high[k] = std::max(high[k], c[k]);
    for (std::size_t k = 0; k < pieces.size(); ++k) {
        const auto shapes = orientations(pieces[k].cells, mode, three_d, lattice);
        notes.push_back("piece " + pieces[k].name + ": " + std::to_string(shapes.size()) + " orientations");
        for (const auto& shape : shapes)
            for (const auto& cells : positions(shape, cell_item, high, lattice.period())) {
                std::vector<ItemId> option(1);
                for (const Cell& c : cells) option.push_back(cell_item.at(c));
                for (const Cell& point : lattice.crossings(cells)) option.push_back(crossing_item.at(point));
                const std::vector<ItemId> labels = copies.unlimited() ? std::vector<ItemId>{-1} : copy_items[k];
                for (ItemId label : labels) {
                    if (label >= 0) option[0] = label;
                    b.add_option(std::span<const ItemId>(option).subspan(label >= 0 ? 0 : 1));
                    placements->push_back({pieces[k].name[0], k, cells});
                }
            }
    }
    const Bounds bounds = bounds_of(board);
    b.set_scan_order(scan_order(cell_item, bounds, copy_items, copies));
    Problem problem{name, std::move(b).build()};
    problem.notes = std::move(notes);
    problem.prefers_scan = !three_d && is_narrow(bounds);
    problem.overcount = overcount;
    if (copies.each <= 1) problem.symmetries = board_symmetries(pieces, board, mode, *placements, lattice);
    problem.render = [placements, board, &lattice](std::span<const OptionId> solution) {
        std::vector<std::pair<char, std::vector<Cell>>> placed;
        for (OptionId o : solution)
            placed.emplace_back((*placements)[static_cast<std::size_t>(o)].letter, (*placements)[static_cast<std::size_t>(o)].cells);
        return render(board, placed, lattice);
    };
    std::vector<std::string> names;
    for (const Piece& p : pieces) names.push_back(p.name);
    problem.picture = [placements, names, &lattice](std::span<const OptionId> solution) {
        return draw_solution(*placements, names, solution, lattice);
    };
    return problem;
}

}  // namespace xcount
