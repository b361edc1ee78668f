#include "registry.hpp"

#include <filesystem>

#include "queens.hpp"
#include "xcount/dlx_format.hpp"

namespace po = boost::program_options;

namespace xcount {

const std::vector<Model>& models() {
    static const std::vector<Model> table = {
        {"queens", "n queens on an n x n board (rows, columns primary; diagonals secondary)",
         [](po::options_description& o) { o.add_options()("n", po::value<int>()->required(), "board size, 1..1000"); },
         [](const po::variables_map& v) { return make_queens(v["n"].as<int>()); }},
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
