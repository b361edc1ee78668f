// The polyform model's text forms: piece and board files read and written, and solutions
// drawn as letters.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <numeric>
#include <set>
#include <sstream>
#include <string_view>

#include "polyform.hpp"
#include "polyform_parts.hpp"
#include "xcount/count.hpp"
#include "xcount/text_file.hpp"

namespace xcount {

namespace {

constexpr int kMaxBoardCells = 1 << 20;

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

namespace polyform {

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

std::vector<char> copy_letters(const std::vector<std::vector<Cell>>& pieces, const Lattice& lattice) {
    static constexpr std::string_view kLetters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    std::vector<std::size_t> order(pieces.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    const auto least = [&](std::size_t k) { return *std::min_element(pieces[k].begin(), pieces[k].end()); };
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return least(a) < least(b); });
    std::map<Cell, std::size_t> owner;
    for (std::size_t k = 0; k < pieces.size(); ++k)
        for (const Cell& c : pieces[k]) owner[c] = k;
    std::vector<char> letters(pieces.size(), 0);
    for (std::size_t k : order) {
        std::string taken;
        for (const Cell& c : pieces[k])
            for (const Cell& n : lattice.neighbours(c))
                if (const auto it = owner.find(n); it != owner.end() && it->second != k && letters[it->second] != 0)
                    taken += letters[it->second];
        const auto free = std::find_if(kLetters.begin(), kLetters.end(), [&](char l) { return taken.find(l) == std::string::npos; });
        letters[k] = free != kLetters.end() ? *free : '#';  // 62 touching pieces: no lattice here comes near
    }
    return letters;
}

std::string render(const std::vector<Cell>& board, const std::vector<std::pair<char, std::vector<Cell>>>& placed, const Lattice& lattice) {
    std::map<Cell, char> letters;
    for (const Cell& c : board) letters[c] = '.';
    for (const auto& [letter, cells] : placed)
        for (const Cell& c : cells) letters[c] = letter;
    return draw({letters.begin(), letters.end()}, lattice, ' ', "\n");
}

}  // namespace polyform

using polyform::draw;
using polyform::normalise;

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
    if (spec.rfind("hexagon:", 0) == 0) {
        const auto side = parse_count(spec.substr(8));
        if (!side || *side < 1 || *side > 256) throw InputError("board " + quote_name(spec) + ": the side of a hexagon is 1..256");
        try {
            return lattice.hexagon(static_cast<int>(*side->to_u64()));
        } catch (const InputError& e) {
            throw InputError("board " + quote_name(spec) + ": " + e.what());
        }
    }
    std::vector<int> sizes;
    std::istringstream words(spec);
    std::string part;
    bool numeric = !spec.empty();
    while (numeric && std::getline(words, part, 'x')) {
        const auto value = parse_count(part);
        if (value && *value == 0 && !std::filesystem::exists(spec))
            throw InputError("board " + quote_name(spec) + ": each side must be at least 1");
        if (!value || *value == 0 || *value > kMaxBoardCells)
            numeric = false;
        else
            sizes.push_back(static_cast<int>(*value->to_u64()));
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

}  // namespace xcount
