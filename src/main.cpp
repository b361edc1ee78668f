// xcount: the command line. Parsing and dispatch live in src/cli; this only turns every
// failure into one line on stderr and an exit status.
#include <boost/program_options/errors.hpp>
#include <iostream>
#include <new>

#include "cli/cli.hpp"
#include "xcount/error.hpp"

int main(int argc, char** argv) {
    try {
        return xcount::cli::run(std::vector<std::string>(argv + 1, argv + argc));
    } catch (const xcount::InputError& e) {
        std::cerr << "xcount: " << e.what() << '\n';
    } catch (const boost::program_options::error& e) {
        std::cerr << "xcount: " << e.what() << '\n';
    } catch (const std::bad_alloc&) {
        std::cerr << "xcount: out of memory\n";
        return 1;
    }
    return xcount::cli::kExitBadInput;
}
