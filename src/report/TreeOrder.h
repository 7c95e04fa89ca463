//===- TreeOrder.h - Test numbers that do not depend on the workers -------===//
//
// Several workers (-j, MPI ranks) report their paths in an order that
// changes from one run to the next. When such a run explores every path,
// its tests are numbered again at the end in the order of their paths in
// the tree of decisions, so that the same program and options give the same
// numbers however many workers ran:
//  - depth first: at the first decision two paths take differently, the
//    false side comes before the true side (a switch's default before its
//    cases, the cases by value); a path whose decisions all begin the other
//    path's comes first;
//  - the tests of one path (its return values) by return value;
//  - what is still equal (paths whose first 500 decisions agree) by
//    outcome, bug and path id.
// The numbers are deterministic; what a test records of how the search
// found it (the test it negated, the test it is a variant of, its run and
// time) and the inputs the solver chose are not.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_REPORT_TREEORDER_H
#define THESEUS_REPORT_TREEORDER_H

#include <cstdint>
#include <vector>

namespace theseus {

class RunDatabase;

/// The numbers of the tests of `Db`, in tree order.
std::vector<uint64_t> treeOrder(RunDatabase &Db);

} // namespace theseus

#endif
