//===- Transfer.h - Expressions copied from one context into another -----===//
//
// An ExprContext is used by one thread at a time, so work done on another
// thread (the apc of --target, decided while the search runs) builds its
// expressions in a context of its own. What it hands over is copied into the
// receiving context: arrays, variables and tables are matched by name (the
// same name is the same input in both), every node rebuilt there.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPR_TRANSFER_H
#define THESEUS_EXPR_TRANSFER_H

#include "expr/Assignment.h"
#include "expr/Expr.h"

#include <unordered_map>

namespace theseus {

class ExprTransfer {
public:
  /// Copies into `To`; the source context must not change while copying.
  explicit ExprTransfer(ExprContext &To) : To(To) {}

  /// `E` (of another context) as a node of `To`.
  ExprRef copy(ExprRef E);
  /// `A` with its arrays replaced by `To`'s arrays of the same name.
  Assignment copy(const Assignment &A);

private:
  ExprRef copyLeaf(ExprRef E);

  ExprContext &To;
  std::unordered_map<ExprRef, ExprRef> Done;
  std::unordered_map<const ConstantTable *, const ConstantTable *> Tables;
};

} // namespace theseus

#endif
