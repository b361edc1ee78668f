// Fuzz target: Knuth's DLX text format. A matrix that reads back is counted by every engine
// (solution and node limits keep each input fast): when the search finished below the limits
// the counts, updates and nodes must agree, and each engine must be restored exactly. The bits
// engine (option lists and option sets) tries options in the dancer's order, so it must match it
// even when stopped. A matrix with colours is counted by the dancer under two rules, which must
// agree; one with multiplicities by the dancer's Algorithm M and through its expansion, which
// must agree. Only InputError may escape the reader.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "xcount/bits.hpp"
#include "xcount/cells.hpp"
#include "xcount/dancer.hpp"
#include "xcount/dlx_format.hpp"
#include "xcount/error.hpp"
#include "xcount/multiplicity.hpp"
#include "xcount/small_bits.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xcount;
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    try {
        const Matrix read = read_dlx(in, "fuzz.dlx");
        if (read.node_count() > 2000) return 0;
        // Multiplicities are counted through their expansion, which must be a plain matrix.
        const Matrix m = expand_multiplicities(read, 100000).matrix;
        if (m.has_multiplicities()) throw std::logic_error("the expansion left a multiplicity");
        if (m.node_count() > 20000) return 0;
        // A small matrix can still have a huge tree; the node limit keeps every input fast. A
        // node costs up to four passes over the matrix (covering its item, then covering and
        // uncovering each option's other items: an expansion of multiplicities can be 10 times
        // the file), and six engines count it under sanitizers, so the limit shrinks as the
        // matrix grows: about 10^8 updates an engine at most.
        const std::uint64_t max_nodes = std::min<std::uint64_t>(200000, 25'000'000 / std::max<std::size_t>(m.node_count(), 1));
        const Limits limits{.max_solutions = 64, .max_nodes = max_nodes};
        if (read.has_multiplicities()) {
            Dancer direct(read), expanded(m);
            const std::uint64_t before = direct.checksum();
            const SearchStats a = direct.count(limits), b = expanded.count(limits);
            if (a.complete && b.complete && a.solutions != b.solutions) throw std::logic_error("Algorithm M and the expansion disagree");
            if (direct.checksum() != before) throw std::logic_error("Algorithm M did not restore the dancer");
        }
        if (m.has_colours()) {  // the dancer alone takes colours: two of its trees must agree
            Dancer mrv(m), first(m);
            first.set_choice({ChooseRule::first, 0});
            const std::uint64_t mrv_before = mrv.checksum(), first_before = first.checksum();
            const SearchStats a = mrv.count(limits), b = first.count(limits);
            if (a.complete && b.complete && a.solutions != b.solutions) throw std::logic_error("two rules count colours differently");
            if (mrv.checksum() != mrv_before || first.checksum() != first_before) throw std::logic_error("coloured dancer not restored");
            return 0;
        }
        Dancer links(m);
        Cells cells(m);
        const std::uint64_t links_before = links.checksum(), cells_before = cells.checksum();
        const SearchStats a = links.count(limits), b = cells.count(limits);
        // Stopped at the limit, the engines (which try an item's options in different orders)
        // have done different work; finished, they have done the same.
        if (a.complete != b.complete) throw std::logic_error("one engine finished, the other did not");
        if (a.complete && (a.solutions != b.solutions || a.updates != b.updates || a.nodes != b.nodes))
            throw std::logic_error("the engines disagree");
        if (links.checksum() != links_before || cells.checksum() != cells_before) throw std::logic_error("not restored");
        const auto check_bits = [&](auto&& bits) {
            const std::uint64_t bits_before = bits.checksum();
            const SearchStats c = bits.count(limits);
            if (c.complete != a.complete || c.solutions != a.solutions || c.updates != a.updates || c.nodes != a.nodes)
                throw std::logic_error("the bits engine disagrees with the dancer");
            if (bits.checksum() != bits_before) throw std::logic_error("bits not restored");
        };
        if (Bits::fits(m)) check_bits(Bits(m));
        if (WideBits::fits(m)) check_bits(WideBits(m));
        if (SmallBits::fits(m)) check_bits(SmallBits(m));
        if (SmallBits512::fits(m)) check_bits(SmallBits512(m));
    } catch (const InputError&) {
    }
    return 0;
}
