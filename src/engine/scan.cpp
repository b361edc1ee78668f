#include "xcount/scan.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "xcount/error.hpp"
#include "xcount/hash.hpp"

namespace xcount {

template <std::size_t Words>
const Matrix& ScanOf<Words>::checked(const Matrix& matrix) {
    if (!fits(matrix))
        throw InputError("the scan engine takes up to " + std::to_string(kMaxItems) + " items; this matrix has " +
                         std::to_string(matrix.item_count()) + " (use --engine dlx or cells)");
    return matrix;
}

template <std::size_t Words>
ScanOf<Words>::ScanOf(const Matrix& matrix) : Skeleton(matrix), layout_(checked(matrix), matrix.scan_order()) {
    Skeleton::set_choice({ChooseRule::scan, 0});

    const std::size_t n = matrix.option_count();
    masks_.resize(n);
    std::vector<Id> lead(n, 0);
    for (std::size_t o = 0; o < n; ++o) {
        Id lowest = ~Id{0};
        for (ItemId item : matrix.option(static_cast<OptionId>(o))) {
            const Id bit = layout_.bit_of_item[static_cast<std::size_t>(item)];
            masks_[o].set(bit);
            if (bit < layout_.primary) lowest = std::min(lowest, bit);
        }
        lead[o] = lowest;
    }
    // Both lists in option order (a CSR table each): the order every engine tries them in.
    auto fill = [&](Lists& lists, auto&& bits_of) {
        lists.begin.assign(layout_.primary + 1, 0);
        for (std::size_t o = 0; o < n; ++o) bits_of(o, [&](Id bit) { ++lists.begin[bit + 1]; });
        for (std::size_t b = 1; b <= layout_.primary; ++b) lists.begin[b] += lists.begin[b - 1];
        std::vector<std::uint32_t> at(lists.begin.begin(), lists.begin.end() - 1);
        lists.mask.resize(lists.begin[layout_.primary]);
        lists.id.resize(lists.begin[layout_.primary]);
        for (std::size_t o = 0; o < n; ++o)
            bits_of(o, [&](Id bit) {
                lists.mask[at[bit]] = masks_[o];
                lists.id[at[bit]++] = static_cast<Id>(o);
            });
    };
    fill(led_, [&](std::size_t o, auto&& add) { add(lead[o]); });
    fill(holding_, [&](std::size_t o, auto&& add) {
        for (ItemId item : matrix.option(static_cast<OptionId>(o)))
            if (layout_.bit_of_item[static_cast<std::size_t>(item)] < layout_.primary)
                add(layout_.bit_of_item[static_cast<std::size_t>(item)]);
    });
    const std::size_t levels = layout_.primary + 2;
    levels_.assign(levels, Level{});
    lists_.assign(levels, &led_);
    chosen_.assign(levels, 0);
    solution_.reserve(levels);
}

template <std::size_t Words>
void ScanOf<Words>::set_choice(Choice choice) {
    if (choice.rule != ChooseRule::scan)
        throw InputError("the scan engine branches on the first open item in the scan order only (--choose scan), not by another rule");
    Skeleton::set_choice(choice);
}

template <std::size_t Words>
PushCost ScanOf<Words>::take(int level, OptionId option, Id bit) {
    const auto o = static_cast<Id>(option);
    PushCost cost{open(level, bit), 0};
    // The walk's place in the list, so that a walk resumed below can back up through it.
    const Lists& lists = *lists_[static_cast<std::size_t>(level)];
    Level& here = at(level);
    const auto found = std::find(lists.id.begin() + here.next, lists.id.begin() + here.last, o);
    here.next = static_cast<std::uint32_t>(found - lists.id.begin()) + 1;
    chosen_[static_cast<std::size_t>(level)] = o;
    at(level + 1).covered = here.covered | masks_[o];
    return cost;
}

template <std::size_t Words>
std::uint64_t ScanOf<Words>::checksum() const {
    Hash64 h;
    for (int k = 0; k <= depth_; ++k) {
        const Level& at = levels_[static_cast<std::size_t>(k)];
        for (std::uint64_t word : at.covered.word) h.add(word);
        if (k < depth_) h.add(std::uint64_t{chosen_[static_cast<std::size_t>(k)]}).add(std::uint64_t{at.next});
    }
    h.add(static_cast<std::uint64_t>(depth_));
    return h.value();
}

template <std::size_t Words>
std::size_t ScanOf<Words>::memory_bytes() const {
    const auto lists = [](const Lists& l) {
        return l.begin.capacity() * 4 + l.mask.capacity() * sizeof(Mask) + l.id.capacity() * sizeof(Id);
    };
    return masks_.capacity() * sizeof(Mask) + lists(led_) + lists(holding_) + layout_.bit_of_item.capacity() * sizeof(Id) +
           levels_.capacity() * sizeof(Level) + lists_.capacity() * sizeof(void*) + chosen_.capacity() * sizeof(Id);
}

template class ScanOf<2>;
template class ScanOf<4>;

}  // namespace xcount
