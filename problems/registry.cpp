#include "registry.hpp"

#include <filesystem>

#include "polyform.hpp"
#include "queens.hpp"
#include "xcount/dlx_format.hpp"

namespace po = boost::program_options;

namespace xcount {

namespace {

void declare_polyform(po::options_description& o) {
    o.add_options()("pieces", po::value<std::string>()->required(), "piece file (see problems/pieces/)")(
        "board", po::value<std::string>()->required(), "RxC, AxBxC, or a board file (see problems/boards/)")(
        "orientations", po::value<std::string>()->default_value("free"),
        "free (rotations and reflections), one-sided (rotations only), fixed")(
        "copies", po::value<std::string>()->default_value("once"), "once (each piece exactly once) or any (any number)");
}

Problem build_polyform(const po::variables_map& v) {
    const std::string mode = v["orientations"].as<std::string>(), copies = v["copies"].as<std::string>();
    Orientations orientations = Orientations::free;
    if (mode == "one-sided") orientations = Orientations::one_sided;
    else if (mode == "fixed") orientations = Orientations::fixed;
    else if (mode != "free") throw InputError("--orientations must be free, one-sided or fixed, not " + quote_name(mode));
    if (copies != "once" && copies != "any") throw InputError("--copies must be once or any, not " + quote_name(copies));
    const std::string pieces = v["pieces"].as<std::string>(), board = v["board"].as<std::string>();
    return make_polyform(read_pieces_file(pieces), read_board(board), orientations,
                         copies == "any" ? Copies::any : Copies::once,
                         std::filesystem::path(pieces).stem().string() + " on " + board +
                             (mode == "free" ? "" : " (" + mode + ")") + (copies == "any" ? " (any copies)" : ""));
}

}  // namespace

const std::vector<Model>& models() {
    static const std::vector<Model> table = {
        {"queens", "n queens on an n x n board (rows, columns primary; diagonals secondary)",
         [](po::options_description& o) { o.add_options()("n", po::value<int>()->required(), "board size, 1..1000"); },
         [](const po::variables_map& v) { return make_queens(v["n"].as<int>()); }},
        {"polyomino", "tile a board with pieces of a piece file (square lattice; see polycube for 3D)", declare_polyform,
         build_polyform},
        {"polycube", "pack a box with pieces of a piece file (cubic lattice): the same model, AxBxC boards",
         declare_polyform, build_polyform},
    };
    return table;
}

const Model* find_model(const std::string& name) {
    for (const Model& model : models())
        if (model.name == name) return &model;
    return nullptr;
}

Problem load_problem(const std::string& spec, const po::variables_map& values) {
    if (const Model* model = find_model(spec)) return model->build(values);
    std::error_code ec;
    if (!std::filesystem::exists(spec, ec)) {
        std::string names;
        for (const Model& model : models()) names += (names.empty() ? "" : ", ") + model.name;
        throw InputError("'" + spec + "' is neither a model (" + names + ") nor an existing DLX file");
    }
    return Problem{spec, read_dlx_file(spec), {}};
}

}  // namespace xcount
