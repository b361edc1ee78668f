#include "registry.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "commands.hpp"
#include "data_files.hpp"
#include "langford.hpp"
#include "latin.hpp"
#include "macmahon.hpp"
#include "polyform.hpp"
#include "queens.hpp"
#include "sudoku.hpp"
#include "xcount/count.hpp"
#include "xcount/dlx_format.hpp"
#include "xcount/memo.hpp"
#include "xcount/multiplicity.hpp"
#include "xcount/text_file.hpp"

namespace po = boost::program_options;

namespace xcount {

namespace {

using cli::Flag;
using T = cli::FlagType;

// clang-format off
const std::vector<Flag> kPolyformFlags = {
    {"pieces", T::text, "PIECES", nullptr, 0, 0, "piece file, or the name of a shipped one (pentominoes, soma, ...; see problems/pieces/)",
     0, nullptr, true},
    {"board", T::text, "BOARD", nullptr, 0, 0,
     "RxC, RxA..B (each length A to B: a sequence), AxBxC, hexagon:N, a board file, or a shipped one (see problems/boards/)",
     0, nullptr, true},
    {"orientations", T::text, "MODE", "free", 0, 0, "free (rotations and reflections), one-sided (rotations only), fixed", 0, nullptr},
    {"copies", T::text, "K", "once", 0, 0,
     "once (each piece exactly once), at-most-once (a subset of the pieces fills the board), K (exactly K of each, 1..16) or any "
     "(any number)", 0, nullptr},
    {"omit", T::text, "NAMES", nullptr, 0, 0, "leave out these pieces (names, comma-separated)", 0, nullptr},
};

const std::vector<Flag> kMacMahonFlags = {
    {"colours", T::integer, "N", "3", 1, 8, "edge colours, 1..8 (3: MacMahon's 24 squares)", 0, nullptr},
    {"board", T::text, "BOARD", nullptr, 0, 0, "RxC with one cell per square (default: the squarest, 4x6 for 3 colours)", 0, nullptr},
    {"border", T::text, "COLOUR", "0", 0, 0, "the border's colour, or any", 0, nullptr},
    {"edges", T::text, "HOW", "colours", 0, 0,
     "how neighbouring edges are made to agree: colours (DLX2's colours; dlx engine) or exact (plain exact cover; every engine)", 0,
     nullptr},
};

const std::vector<Flag> kSudokuFlags = {
    {"box", T::text, "RxC", "3x3", 0, 0, "box shape RxC (n = R*C symbols)", 0, nullptr},
    {"givens", T::text, "CELLS", nullptr, 0, 0, "the puzzle: n*n cells in row order, . for empty", 0, nullptr},
    {"givens-file", T::text, "FILE", nullptr, 0, 0,
     "read the givens from FILE: one puzzle in rows of cells, or many, one a line (blanks ignored)", 0, nullptr},
};
// clang-format on

int int_flag(const po::variables_map& v, const char* name) { return static_cast<int>(v[name].as<long long>()); }

// The cells of --board: RxC, AxBxC, a board file or a shipped board's name.
std::vector<Cell> board_cells(const std::string& spec, const Lattice& lattice) {
    const std::string path = cli::data_file(spec, "boards");
    try {
        return read_board(path, lattice);
    } catch (const InputError& e) {
        if (path != spec || std::filesystem::exists(spec)) throw;
        throw InputError(std::string(e.what()) + "; " + cli::searched_text("boards"));
    }
}

// The pieces of the file less those named by --omit, each of which must be in the file.
std::vector<Piece> chosen_pieces(const po::variables_map& v, const Lattice& lattice) {
    const std::string spec = v["pieces"].as<std::string>(), path = cli::data_file(spec, "pieces");
    if (path == spec && !std::filesystem::exists(spec))
        throw InputError("--pieces " + quote_name(spec) + ": no such file, and no shipped one of that name; " +
                         cli::searched_text("pieces"));
    std::vector<Piece> pieces = read_pieces_file(path, lattice);
    if (!v.count("omit")) return pieces;
    std::istringstream names(v["omit"].as<std::string>());
    std::string name;
    std::vector<std::string> omitted;
    while (std::getline(names, name, ',')) {
        if (std::find(omitted.begin(), omitted.end(), name) != omitted.end())
            throw InputError("--omit: piece " + quote_name(name) + " is named twice");
        omitted.push_back(name);
        const auto it = std::find_if(pieces.begin(), pieces.end(), [&](const Piece& p) { return p.name == name; });
        if (it == pieces.end()) throw InputError("--omit: no piece " + quote_name(name) + " in " + path);
        pieces.erase(it);
    }
    if (pieces.empty()) throw InputError("--omit leaves no pieces");
    return pieces;
}

// A board range: R rows of each length from `first` to `last` (RxA..B), or each height of C
// columns (A..BxC).
struct BoardRange {
    int fixed = 0, first = 0, last = 0;
    bool grows_columns = true;
    std::string board(int length) const {
        return grows_columns ? std::to_string(fixed) + "x" + std::to_string(length) : std::to_string(length) + "x" + std::to_string(fixed);
    }
};

std::optional<BoardRange> board_range(const std::string& spec) {
    const auto dots = spec.find("..");
    const auto times = spec.find('x');
    if (dots == std::string::npos || times == std::string::npos) return std::nullopt;
    const auto number = [&](const std::string& text) {
        const auto n = parse_count(text);
        if (!n || *n < 1 || *n > 1000000) throw InputError("--board " + quote_name(spec) + ": " + quote_name(text) + " is not 1..1000000");
        return static_cast<int>(*n->to_u64());
    };
    BoardRange range;
    range.grows_columns = dots > times;
    const std::string fixed = range.grows_columns ? spec.substr(0, times) : spec.substr(times + 1);
    const std::string lengths = range.grows_columns ? spec.substr(times + 1) : spec.substr(0, times);
    const auto at = lengths.find("..");
    if (at == std::string::npos || spec.find('x', times + 1) != std::string::npos)
        throw InputError("--board " + quote_name(spec) + ": a range of boards is RxA..B or A..BxC");
    range.fixed = number(fixed);
    range.first = number(lengths.substr(0, at));
    range.last = number(lengths.substr(at + 2));
    if (range.first > range.last) throw InputError("--board " + quote_name(spec) + ": the range runs from the shorter board to the longer");
    return range;
}

// Every board of the range in one problem: the longest, each item marked with the first board
// that holds it. A rectangle's first n columns are the n-column board, with the same
// placements, when every piece may be used any number of times on the square lattice.
void check_family(const po::variables_map& v, const Lattice& lattice) {
    if (lattice.name() != "square")
        throw InputError("--board: a range of boards is counted on the square lattice (polyomino), not on the " + lattice.name() +
                         " lattice");
    if (v["copies"].as<std::string>() != "any")
        throw InputError(
            "--board: a range of boards needs --copies any (with a number of copies, a shorter board is not a part of a longer)");
}

Problem board_family(const Lattice& lattice, const BoardRange& range, Problem longest) {
    longest.growth.assign(longest.matrix.item_count(), 0);
    for (const Cell& c :
         lattice.rectangle(range.grows_columns ? range.fixed : range.last, range.grows_columns ? range.last : range.fixed)) {
        const auto item = longest.matrix.find_item(lattice.item_name(c, false));
        if (!item) throw std::logic_error("board_family: a cell without its item");
        longest.growth[static_cast<std::size_t>(*item)] = static_cast<std::uint32_t>((range.grows_columns ? c[0] : c[1]) + 1);
    }
    if (std::count(longest.growth.begin(), longest.growth.end(), 0u) != 0) throw std::logic_error("board_family: an item on no board");
    longest.first_term = static_cast<std::uint32_t>(range.first);
    longest.symmetries.clear();
    longest.no_symmetry = "a range of boards is counted without symmetry";
    return longest;
}

Problem build_polyform(const po::variables_map& v, const Lattice& lattice) {
    const std::string mode = v["orientations"].as<std::string>(), copies = v["copies"].as<std::string>();
    Orientations orientations = Orientations::free;
    if (mode == "one-sided")
        orientations = Orientations::one_sided;
    else if (mode == "fixed")
        orientations = Orientations::fixed;
    else if (mode != "free")
        throw InputError("--orientations must be free, one-sided or fixed, not " + quote_name(mode));
    Copies how_many = Copies::once();
    if (copies == "any") {
        how_many = Copies::any();
    } else if (copies == "at-most-once") {
        how_many = Copies::at_most_once();
    } else if (copies != "once") {
        const auto k = parse_count(copies);
        if (!k || *k < 1 || *k > 16) throw InputError("--copies must be once, at-most-once, any or 1..16, not " + quote_name(copies));
        how_many.each = static_cast<int>(*k->to_u64());
    }
    const std::string pieces = v["pieces"].as<std::string>(), board = v["board"].as<std::string>();
    const std::optional<BoardRange> range = board_range(board);
    const std::string name = std::filesystem::path(pieces).stem().string() + " on " + board +
                             (v.count("omit") ? " without " + v["omit"].as<std::string>() : "") +
                             (mode == "free" ? "" : " (" + mode + ")") + (copies == "once" ? "" : " (" + copies + " copies)");
    if (range) check_family(v, lattice);
    Problem problem = make_polyform(chosen_pieces(v, lattice), board_cells(range ? range->board(range->last) : board, lattice),
                                    orientations, how_many, name, lattice);
    return range ? board_family(lattice, *range, std::move(problem)) : problem;
}

MatrixSize estimate_polyform(const po::variables_map& v, const Lattice& lattice) {
    // Every piece in every map of the lattice at every board cell, times the copies.
    const auto pieces = chosen_pieces(v, lattice);
    const std::string spec = v["board"].as<std::string>();
    const std::optional<BoardRange> range = board_range(spec);
    const auto board = board_cells(range ? range->board(range->last) : spec, lattice);
    double cells = 0;
    for (const Piece& p : pieces) cells = std::max(cells, static_cast<double>(p.cells.size()));
    const std::string copies = v["copies"].as<std::string>();
    const auto k = parse_count(copies);
    const double each = k && *k >= 1 && *k <= 16 ? k->to_double() : 1;
    const double options =
        static_cast<double>(pieces.size()) * static_cast<double>(lattice.maps(true).size()) * static_cast<double>(board.size()) * each;
    return {options, options * (2 * cells + 1)};  // a piece item, its cells, and at most as many crossings
}

// The squarest R x C with R * C = cells and R <= C.
std::pair<int, int> squarest(int cells) {
    int rows = 1;
    for (int r = 1; r * r <= cells; ++r)
        if (cells % r == 0) rows = r;
    return {rows, cells / rows};
}

Problem build_macmahon(const po::variables_map& v) {
    const int colours = int_flag(v, "colours");
    auto [rows, columns] = squarest(colours * (colours + 1) * (colours * colours - colours + 2) / 4);
    if (v.count("board")) try {
            std::tie(rows, columns) = parse_box(v["board"].as<std::string>());
        } catch (const InputError&) {
            throw InputError("--board must be RxC (such as 4x6), not " + quote_name(v["board"].as<std::string>()));
        }
    const std::string border = v["border"].as<std::string>(), edges = v["edges"].as<std::string>();
    int border_colour = -1;
    if (border != "any") {
        const auto c = parse_count(border);
        if (!c || *c >= static_cast<std::uint64_t>(colours))
            throw InputError("macmahon: --border must be a colour 0.." + std::to_string(colours - 1) + " or any, not " +
                             quote_name(border));
        border_colour = static_cast<int>(*c->to_u64());
    }
    if (edges != "colours" && edges != "exact") throw InputError("--edges must be colours or exact, not " + quote_name(edges));
    return make_macmahon(colours, rows, columns, border_colour, edges == "exact" ? EdgeRule::exact : EdgeRule::colours);
}

// The --givens-file's text and its puzzles one a line (empty if it is one puzzle in rows).
std::pair<std::string, std::vector<Puzzle>> read_givens_file(const po::variables_map& v) {
    if (v.count("givens") && v.count("givens-file")) throw InputError("give --givens or --givens-file, not both");
    const std::string path = v["givens-file"].as<std::string>();
    std::string text = read_text_file(path, "givens file");
    if (text.empty()) throw InputError(path + ": the givens file is empty");
    const auto [rows, cols] = parse_box(v["box"].as<std::string>());
    std::vector<Puzzle> puzzles = puzzles_by_line(text, rows * cols);
    return {std::move(text), std::move(puzzles)};
}

Problem build_sudoku(const po::variables_map& v) {
    const auto [rows, cols] = parse_box(v["box"].as<std::string>());
    if (v.count("givens-file")) {
        const auto [text, puzzles] = read_givens_file(v);
        return make_sudoku(rows, cols, puzzles.size() == 1 ? puzzles[0].givens : text);
    }
    const std::string givens = v.count("givens") ? v["givens"].as<std::string>() : "";
    if (v.count("givens") && givens.empty()) throw InputError("--givens is empty (leave it out to count every grid)");
    return make_sudoku(rows, cols, givens);
}

std::vector<Instance> sudoku_puzzles(const po::variables_map& v) {
    if (!v.count("givens-file")) return {};
    const auto [text, puzzles] = read_givens_file(v);
    if (puzzles.size() < 2) return {};
    const auto [rows, cols] = parse_box(v["box"].as<std::string>());
    std::vector<Instance> instances;
    for (const Puzzle& p : puzzles) {
        const std::string where = v["givens-file"].as<std::string>() + ":" + std::to_string(p.line);
        try {
            check_givens(p.givens, rows * cols);  // every puzzle before any is counted
        } catch (const InputError& e) {
            throw InputError(where + ": " + e.what());
        }
        instances.push_back({where, p.givens});
    }
    return instances;
}

Problem build_sudoku_puzzle(const po::variables_map& v, const Instance& puzzle) {
    const auto [rows, cols] = parse_box(v["box"].as<std::string>());
    return make_sudoku(rows, cols, puzzle.text);
}

}  // namespace

const std::vector<Model>& models() {
    static const std::vector<Model> table = {
        {"queens",
         "n queens on an n x n board (rows, columns primary; diagonals secondary)",
         {{"n", T::integer, "N", nullptr, 1, 1000, "board size, 1..1000", 0, nullptr, true}},
         [](const po::variables_map& v) { return make_queens(int_flag(v, "n")); },
         [](const po::variables_map& v) {
             const double n = int_flag(v, "n");
             return MatrixSize{n * n, 4 * n * n};
         }},
        {"polyomino", "tile a board with pieces of a piece file (square lattice; see polycube for 3D)", kPolyformFlags,
         [](const po::variables_map& v) { return build_polyform(v, square_lattice()); },
         [](const po::variables_map& v) { return estimate_polyform(v, square_lattice()); }},
        {"polycube", "pack a box with pieces of a piece file (cubic lattice): the same model, AxBxC boards", kPolyformFlags,
         [](const po::variables_map& v) { return build_polyform(v, square_lattice()); },
         [](const po::variables_map& v) { return estimate_polyform(v, square_lattice()); }},
        {"polyiamond", "tile a board of triangles (triangular lattice; RxC: R rows of C rhombi)", kPolyformFlags,
         [](const po::variables_map& v) { return build_polyform(v, triangle_lattice()); },
         [](const po::variables_map& v) { return estimate_polyform(v, triangle_lattice()); }},
        {"polyhex", "tile a board of hexagons (hexagonal lattice; RxC: a parallelogram of R rows of C)", kPolyformFlags,
         [](const po::variables_map& v) { return build_polyform(v, hex_lattice()); },
         [](const po::variables_map& v) { return estimate_polyform(v, hex_lattice()); }},
        {"polystick", "cover the edges of a grid with polysticks that never cross (RxC: every edge of R x C squares)", kPolyformFlags,
         [](const po::variables_map& v) { return build_polyform(v, edge_lattice()); },
         [](const po::variables_map& v) { return estimate_polyform(v, edge_lattice()); }},
        {"macmahon", "MacMahon's coloured squares: every square with n edge colours once, neighbouring edges agreeing", kMacMahonFlags,
         build_macmahon,
         [](const po::variables_map& v) {
             const double n = int_flag(v, "colours"), squares = n * (n + 1) * (n * n - n + 2) / 4;
             return MatrixSize{squares * squares * 4, squares * squares * 4 * (2 + 4 * n)};
         }},
        {"sudoku", "sudoku grids with RxC boxes, complete or from givens", kSudokuFlags, build_sudoku,
         [](const po::variables_map& v) {
             const auto [rows, cols] = parse_box(v["box"].as<std::string>());
             const double n = rows * cols;
             return MatrixSize{n * n * n, 4 * n * n * n};
         },
         sudoku_puzzles, build_sudoku_puzzle},
        {"langford",
         "Langford pairings L(2,n): k numbers between the two k's",
         {{"n", T::integer, "N", nullptr, 1, 64, "number of pairs, 1..64", 0, nullptr, true},
          {"up-to-reversal", T::toggle, "", nullptr, 0, 0, "count each pairing and its reversal once", 0, nullptr}},
         [](const po::variables_map& v) { return make_langford(int_flag(v, "n"), v.count("up-to-reversal") != 0); },
         [](const po::variables_map& v) {
             const double n = int_flag(v, "n");
             return MatrixSize{2 * n * n, 6 * n * n};
         }},
        {"latin",
         "Latin squares of order n",
         {{"n", T::integer, "N", nullptr, 1, 64, "order, 1..64", 0, nullptr, true},
          {"reduced", T::toggle, "", nullptr, 0, 0, "first row and first column fixed to 0..n-1", 0, nullptr}},
         [](const po::variables_map& v) { return make_latin(int_flag(v, "n"), v.count("reduced") != 0); },
         [](const po::variables_map& v) {
             const double n = int_flag(v, "n");
             return MatrixSize{n * n * n, 3 * n * n * n};
         }},
    };
    return table;
}

const Model* find_model(const std::string& name) {
    for (const Model& model : models())
        if (model.name == name) return &model;
    return nullptr;
}

po::options_description model_flags(const Model& model) { return cli::flags_of(model.flags, model.name + " options"); }

namespace {

// The model's integer parameters within their rows' ranges ("queens: --n must be between 1 and
// 1000, not 0"), before anything is sized or built from them.
const Model& checked(const Model& model, const po::variables_map& values) {
    for (const Flag& f : model.flags) {
        if (f.type != T::integer || !values.count(f.name)) continue;
        try {
            cli::check_range(f, values[f.name].as<long long>());
        } catch (const InputError& e) {
            throw InputError(model.name + ": " + e.what());
        }
    }
    return model;
}

}  // namespace

MatrixSize estimate_problem(const std::string& spec, const po::variables_map& values) {
    if (const Model* model = find_model(spec)) return checked(*model, values).estimate(values);
    std::error_code ec;
    const auto bytes = std::filesystem::file_size(spec, ec);
    if (ec) return {};  // load_problem says what is wrong with it
    return {static_cast<double>(bytes) / 2, static_cast<double>(bytes) / 2};
}

namespace {

// A DLX file's problem. With multiplicities: the file itself, which the dancer searches as
// Knuth's Algorithm M (several times faster than the expansion on the tilings measured); under
// --engine bits, cells or scan the exact-cover problem they expand into, its solutions shown as
// the file's own options.
Problem dlx_problem(const std::string& name, Matrix matrix, const po::variables_map& values, const SizeCheck& check_size) {
    if (!matrix.has_multiplicities()) return Problem{name, std::move(matrix), {}};
    const std::string engine = values.count("engine") != 0 ? values["engine"].as<std::string>() : "auto";
    if (engine == "dlx" || engine == "auto") {
        Problem p{name, std::move(matrix), {}};
        p.notes.push_back("multiplicities: searched as they are written (Knuth's Algorithm M)");
        return p;
    }
    auto file = std::make_shared<const Matrix>(std::move(matrix));
    const ExpansionSize size = expansion_size(*file);
    if (engine == "memo" && size.least_items > Memo1024::kMaxBits)
        throw InputError(name + ": its multiplicities, expanded for the memo engine, make at least " + to_string(Count(size.least_items)) +
                         " items; the memo engine keeps a state of up to " + std::to_string(Memo1024::kMaxBits) +
                         " bits, an item each (use another --engine)");
    if (check_size) {
        try {
            check_size({size.options, size.nodes, size.items});
        } catch (const InputError& e) {
            throw InputError(name + ": its multiplicities, expanded for the " + engine + " engine: " + e.what());
        }
    }
    auto expanded = std::make_shared<ExpandedMatrix>(expand_multiplicities(*file));
    Problem p{name, std::move(expanded->matrix), {}};
    p.as_written = file;
    p.notes.push_back("multiplicities: " + std::to_string(file->option_count()) + " options expand into " +
                      std::to_string(p.matrix.option_count()) + " over " + std::to_string(p.matrix.item_count()) + " items");
    p.line = [file, expanded](std::span<const OptionId> solution) {
        std::string line;
        for (OptionId o : solution)
            if (const OptionId original = expanded->original[static_cast<std::size_t>(o)]; original >= 0)
                line += (line.empty() ? "" : " ; ") + cli::option_text(*file, original);
        return line;
    };
    p.render = [file, expanded](std::span<const OptionId> solution) {
        std::string text = "as written:\n";
        for (OptionId o : solution)
            if (const OptionId original = expanded->original[static_cast<std::size_t>(o)]; original >= 0)
                text += "  " + cli::option_text(*file, original) + "\n";
        return text;
    };
    return p;
}

}  // namespace

Problem load_problem(const std::string& spec, const po::variables_map& values, const SizeCheck& check_size) {
    if (const Model* model = find_model(spec)) return checked(*model, values).build(values);
    if (spec == "-") return dlx_problem("stdin", read_dlx(std::cin, "stdin"), values, check_size);  // as Knuth's programs read theirs
    std::error_code ec;
    if (!std::filesystem::exists(spec, ec)) {
        std::string names;
        for (const Model& model : models()) names += (names.empty() ? "" : ", ") + model.name;
        throw InputError("'" + spec + "' is neither a model (" + names + ") nor an existing DLX file");
    }
    return dlx_problem(spec, read_dlx_file(spec), values, check_size);
}

}  // namespace xcount
