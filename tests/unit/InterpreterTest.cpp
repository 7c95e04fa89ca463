//===- InterpreterTest.cpp - Instruction semantics against native code ----===//
//
// One C file is compiled twice: by Theseus (Program::load) for the
// interpreter, and by clang into a shared library called natively. Every
// function must compute the same result both ways, on concrete and on
// symbolic inputs; on symbolic ones, every recorded decision must agree with
// its condition evaluated under the input, and so must the decisions of a
// probe comparing the result's expression with the native result.
//
//===----------------------------------------------------------------------===//
#include "exec/Interpreter.h"
#include "exec/Native.h"
#include "expr/Assignment.h"
#include "expr/Expr.h"
#include "expr/Printer.h"
#include "program/Opcodes.h"
#include "program/Program.h"

#include "CompiledTwice.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <gtest/gtest.h>

#include <climits>
#include <cstdlib>
#include <functional>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>

using namespace theseus;

namespace theseus {
// Readable outcomes in failure messages.
void PrintTo(PathEnd E, std::ostream *OS) { *OS << toString(E); }
} // namespace theseus

namespace {

/// The program under test. Where C would overflow, the functions compute in
/// unsigned arithmetic so that wrap-around is defined; the remaining
/// undefined inputs (division by zero, INT_MIN / -1) are excluded by the
/// test cases below.
///
/// With NATIVE_WRAPPERS, each function F gets `long long w_F(long long,
/// long long)` converting its arguments, so the test calls them all the same
/// way. Without it (the interpreted build), `void probe_F(..., expected)`
/// branches on F's result being below or above the native one: those
/// decisions' conditions show whether the result's expression is right, not
/// just its value.
const char *const Source = R"C(
int add_i(int a, int b) { return (int)((unsigned)a + (unsigned)b); }
int sub_i(int a, int b) { return (int)((unsigned)a - (unsigned)b); }
int mul_i(int a, int b) { return (int)((unsigned)a * (unsigned)b); }
int div_i(int a, int b) { return a / b; }
int rem_i(int a, int b) { return a % b; }
unsigned udiv_u(unsigned a, unsigned b) { return a / b; }
unsigned urem_u(unsigned a, unsigned b) { return a % b; }
int and_i(int a, int b) { return a & b; }
int or_i(int a, int b) { return a | b; }
int xor_i(int a, int b) { return a ^ b; }
int not_i(int a) { return ~a; }
int neg_i(int a) { return (int)(0u - (unsigned)a); }
int shl_i(int a, int b) { return (int)((unsigned)a << (b & 31)); }
int shr_i(int a, int b) { return a >> (b & 31); }
unsigned shr_u(unsigned a, unsigned b) { return a >> (b & 31); }

long long add_ll(long long a, long long b) {
  return (long long)((unsigned long long)a + (unsigned long long)b);
}
long long sub_ll(long long a, long long b) {
  return (long long)((unsigned long long)a - (unsigned long long)b);
}
long long mul_ll(long long a, long long b) {
  return (long long)((unsigned long long)a * (unsigned long long)b);
}
long long div_ll(long long a, long long b) { return a / b; }
long long rem_ll(long long a, long long b) { return a % b; }
unsigned long long udiv_ull(unsigned long long a, unsigned long long b) {
  return a / b;
}
unsigned long long urem_ull(unsigned long long a, unsigned long long b) {
  return a % b;
}
long long shl_ll(long long a, long long b) {
  return (long long)((unsigned long long)a << (b & 63));
}
long long shr_ll(long long a, long long b) { return a >> (b & 63); }
unsigned long long shr_ull(unsigned long long a, unsigned long long b) {
  return a >> (b & 63);
}
long long bits_ll(long long a, long long b) { return (a & b) ^ (a | ~b); }

signed char add_sc(signed char a, signed char b) { return (signed char)(a + b); }
unsigned char mul_uc(unsigned char a, unsigned char b) {
  return (unsigned char)(a * b);
}
short div_s(short a, short b) { return (short)(a / b); }
unsigned short rem_us(unsigned short a, unsigned short b) { return a % b; }
int shr_sc(signed char a, int b) { return a >> (b & 7); }
short sub_s(short a, unsigned short b) { return (short)(a - b); }

int cmp_i(int a, int b) {
  return (a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3 |
         (a == b) << 4 | (a != b) << 5;
}
int cmp_u(unsigned a, unsigned b) {
  return (a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3 |
         (a == b) << 4 | (a != b) << 5;
}
int cmp_ll(long long a, long long b) {
  return (a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3 |
         (a == b) << 4 | (a != b) << 5;
}
int cmp_ull(unsigned long long a, unsigned long long b) {
  return (a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3 |
         (a == b) << 4 | (a != b) << 5;
}
int cmp_sc(signed char a, signed char b) {
  return (a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3 |
         (a == b) << 4 | (a != b) << 5;
}
int cmp_uc(unsigned char a, unsigned char b) {
  return (a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3 |
         (a == b) << 4 | (a != b) << 5;
}
int cmp_s(short a, unsigned short b) {
  return (a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3;
}

int classify(int a, int b) {
  if (a < b) {
    if (a < 0)
      return 1;
    return 2;
  }
  if (a == b)
    return 3;
  if ((unsigned)a > (unsigned)b && b != 0)
    return 4;
  return 5;
}
int logic(int a, int b) { return (a > 0 && b > 0) || (a < -5 && b != 3) ? 7 : 8; }

long long sext_sc(int a) { return (signed char)a; }
long long zext_uc(int a) { return (unsigned char)a; }
long long sext_s(int a) { return (short)a; }
long long zext_us(int a) { return (unsigned short)a; }
long long sext_i(int a) { return a; }
unsigned long long zext_u(unsigned a) { return a; }
int trunc_ll(long long a) { return (int)a; }
short trunc_ll_s(long long a) { return (short)a; }
unsigned char trunc_ull_uc(unsigned long long a) { return (unsigned char)a; }
unsigned long long ull_from_sc(signed char a) { return (unsigned long long)a; }
int int_from_uc(unsigned char a) { return a; }
unsigned u_from_s(short a) { return (unsigned)a; }
int to_bool(int a) { _Bool b = a; return b; }
_Bool bool_ret(long long a) { return a; }
int bool_ops(_Bool a, _Bool b) { return (a && !b) * 2 + (a ^ b) + 4 * (a == b); }
int bool_mix(_Bool a, int b) { return a ? b & 0xff : -(b & 0xff); }

int sel_const(int a, int b) { return a < b ? 4 : 9; }
int sel_max(int a, int b) { return a > b ? a : b; }
int sw(int a, int b) {
  switch (a) {
  case 0: return 10;
  case 1: return 20;
  case 5: return b;
  case -1: return 40;
  case 1000: return 50;
  case -2147483647 - 1: return 60;
  default: return 70;
  }
}
int sw_c(signed char c) {
  switch (c) {
  case 'a': return 1;
  case -128: return 2;
  case 0: return 3;
  case 127: return 4;
  default: return 5;
  }
}
int loop_sum(int n) {
  unsigned s = 0;
  for (int i = 0; i < (n & 63); i++)
    s += (unsigned)(i * i) ^ (unsigned)n;
  return (int)s;
}
int collatz(unsigned n) {
  n = n % 100 + 1;
  int steps = 0;
  while (n != 1 && steps < 200) {
    n = n % 2 ? 3 * n + 1 : n / 2;
    steps++;
  }
  return steps;
}
static int fib_r(int n) { return n < 2 ? n : fib_r(n - 1) + fib_r(n - 2); }
int fib(int n) { return fib_r(n & 15); }
unsigned gcd(unsigned a, unsigned b) { return b == 0 ? a : gcd(b, a % b); }

int local_arr(int i, int v) {
  int a[8] = {3, 1, 4, 1, 5, 9, 2, 6};
  a[((unsigned)i + 1) & 7] = v;
  return (int)((unsigned)a[i & 7] * 2u + (unsigned)a[((unsigned)i + 1) & 7]);
}
int local_bytes(int i, int v) {
  char buf[16];
  for (int k = 0; k < 16; k++)
    buf[k] = (char)(k * 3);
  buf[i & 15] = (char)v;
  unsigned h = 0;
  for (int k = 0; k < 16; k++)
    h = h * 31u + (unsigned)buf[k];
  return (int)h;
}

struct P {
  char c;
  int x;
  short s;
  long long l;
  unsigned char u[3];
};
long long struct_fn(int a, int b) {
  struct P p;
  p.c = (char)a;
  p.x = b;
  p.s = (short)(a ^ b);
  p.l = (long long)a * b;
  p.u[0] = (unsigned char)a;
  p.u[1] = (unsigned char)(a >> 8);
  p.u[2] = (unsigned char)b;
  struct P q = p;
  q.x ^= 0x55;
  return q.c + (long long)q.x + q.s + q.l + p.x + q.u[0] + q.u[1] * 3 +
         q.u[2] * 5;
}

int g[5] = {10, 20, 30, 40, 50};
int global_fn(int i, int v) {
  unsigned k = (unsigned)i % 5u;
  int old = g[k];
  g[k] = v;
  int r = g[k] ^ g[(k + 1) % 5] ^ old;
  g[k] = old;
  return r;
}
struct { int a; short b; } gs = {7, -3};
int global_struct(int a) { return (int)((unsigned)gs.a + (unsigned)a) ^ gs.b; }

/* Checked arithmetic (llvm.*.with.overflow): the wrapped result in the low
   bits, the overflow flag above it. */
#define CHECKED(F, T, Op)                                                      \
  long long F(T a, T b) {                                                      \
    T r;                                                                       \
    _Bool o = __builtin_##Op##_overflow(a, b, &r);                             \
    return (long long)(unsigned long long)(unsigned)r | (long long)o << 32;    \
  }
CHECKED(sadd_o, int, add) CHECKED(ssub_o, int, sub) CHECKED(smul_o, int, mul)
CHECKED(uadd_o, unsigned, add) CHECKED(usub_o, unsigned, sub)
CHECKED(umul_o, unsigned, mul) CHECKED(sadd_o_sc, signed char, add)
CHECKED(umul_o_uc, unsigned char, mul)
/* 64 bits: no room for the flag, so it selects the result's complement. */
long long smul_o_ll(long long a, long long b) {
  long long r;
  return __builtin_mul_overflow(a, b, &r) ? ~r : r;
}
unsigned long long umul_o_ull(unsigned long long a, unsigned long long b) {
  unsigned long long r;
  return __builtin_mul_overflow(a, b, &r) ? ~r : r;
}
long long ssub_o_ll(long long a, long long b) {
  long long r;
  return __builtin_sub_overflow(a, b, &r) ? ~r : r;
}

#define FUNCTIONS(F2, F1)                                                      \
  F2(int, add_i, int, int) F2(int, sub_i, int, int) F2(int, mul_i, int, int)   \
  F2(int, div_i, int, int) F2(int, rem_i, int, int)                            \
  F2(unsigned, udiv_u, unsigned, unsigned)                                     \
  F2(unsigned, urem_u, unsigned, unsigned) F2(int, and_i, int, int)            \
  F2(int, or_i, int, int) F2(int, xor_i, int, int) F1(int, not_i, int)         \
  F1(int, neg_i, int) F2(int, shl_i, int, int) F2(int, shr_i, int, int)        \
  F2(unsigned, shr_u, unsigned, unsigned)                                      \
  F2(long long, add_ll, long long, long long)                                  \
  F2(long long, sub_ll, long long, long long)                                  \
  F2(long long, mul_ll, long long, long long)                                  \
  F2(long long, div_ll, long long, long long)                                  \
  F2(long long, rem_ll, long long, long long)                                  \
  F2(unsigned long long, udiv_ull, unsigned long long, unsigned long long)     \
  F2(unsigned long long, urem_ull, unsigned long long, unsigned long long)     \
  F2(long long, shl_ll, long long, long long)                                  \
  F2(long long, shr_ll, long long, long long)                                  \
  F2(unsigned long long, shr_ull, unsigned long long, unsigned long long)      \
  F2(long long, bits_ll, long long, long long)                                 \
  F2(signed char, add_sc, signed char, signed char)                            \
  F2(unsigned char, mul_uc, unsigned char, unsigned char)                      \
  F2(short, div_s, short, short)                                               \
  F2(unsigned short, rem_us, unsigned short, unsigned short)                   \
  F2(int, shr_sc, signed char, int)                                            \
  F2(short, sub_s, short, unsigned short) F2(int, cmp_i, int, int)             \
  F2(int, cmp_u, unsigned, unsigned) F2(int, cmp_ll, long long, long long)     \
  F2(int, cmp_ull, unsigned long long, unsigned long long)                     \
  F2(int, cmp_sc, signed char, signed char)                                    \
  F2(int, cmp_uc, unsigned char, unsigned char)                                \
  F2(int, cmp_s, short, unsigned short) F2(int, classify, int, int)            \
  F2(int, logic, int, int) F1(long long, sext_sc, int)                         \
  F1(long long, zext_uc, int) F1(long long, sext_s, int)                       \
  F1(long long, zext_us, int) F1(long long, sext_i, int)                       \
  F1(unsigned long long, zext_u, unsigned) F1(int, trunc_ll, long long)        \
  F1(short, trunc_ll_s, long long)                                             \
  F1(unsigned char, trunc_ull_uc, unsigned long long)                          \
  F1(unsigned long long, ull_from_sc, signed char)                             \
  F1(int, int_from_uc, unsigned char) F1(unsigned, u_from_s, short)            \
  F1(int, to_bool, int) F1(_Bool, bool_ret, long long)                         \
  F2(int, bool_ops, _Bool, _Bool) F2(int, bool_mix, _Bool, int)                \
  F2(int, sel_const, int, int) F2(int, sel_max, int, int)                      \
  F2(int, sw, int, int) F1(int, sw_c, signed char) F1(int, loop_sum, int)      \
  F1(int, collatz, unsigned) F1(int, fib, int) F2(unsigned, gcd, unsigned,     \
  unsigned) F2(int, local_arr, int, int) F2(int, local_bytes, int, int)        \
  F2(long long, struct_fn, int, int) F2(int, global_fn, int, int)              \
  F1(int, global_struct, int) F2(long long, sadd_o, int, int)                  \
  F2(long long, ssub_o, int, int) F2(long long, smul_o, int, int)              \
  F2(long long, uadd_o, unsigned, unsigned)                                    \
  F2(long long, usub_o, unsigned, unsigned)                                    \
  F2(long long, umul_o, unsigned, unsigned)                                    \
  F2(long long, sadd_o_sc, signed char, signed char)                           \
  F2(long long, umul_o_uc, unsigned char, unsigned char)                       \
  F2(long long, smul_o_ll, long long, long long)                               \
  F2(unsigned long long, umul_o_ull, unsigned long long, unsigned long long)   \
  F2(long long, ssub_o_ll, long long, long long)

/* Memory limits and tables (not compared with native code). */
int vla_last(unsigned n) {
  int v[n + 1];
  for (unsigned i = 0; i <= n; ++i)
    v[i] = (int)i * 3;
  return v[n];
}
int recurse(int n) { return n <= 0 ? 0 : 1 + recurse(n - 1); }
int forked_sum(int n) {
  int a[8], s = 0;
  for (int i = 0; i < 8; i++)
    a[i] = i * 3;
  if (n > 5)
    s = 100;
  for (int i = 0; i < 8; i++)
    s += a[i];
  return s + recurse(n);
}
static const unsigned char table300[300] = {[7] = 3, [250] = 9, [299] = 1};
int table_at(unsigned char i) { return table300[i]; }

#ifdef NATIVE_WRAPPERS
#define W2(R, F, T1, T2)                                                       \
  long long w_##F(long long a, long long b) { return (long long)F((T1)a, (T2)b); }
#define W1(R, F, T1)                                                           \
  long long w_##F(long long a, long long b) { return (long long)F((T1)a); }
FUNCTIONS(W2, W1)
#else
/* Compares F's result with the native one. Directly, not through a
   variable: at -O0 a variable lives in memory, which keeps the concrete bytes
   where a byte's expression is constant, and so could hide a wrong
   expression. With < and >, not ==: the simplifier may decide an equality
   with a constant statically, and then no decision would be recorded. */
unsigned mismatches;
#define P2(R, F, T1, T2)                                                       \
  void probe_##F(T1 a, T2 b, long long expected) {                             \
    if ((long long)F(a, b) < expected || (long long)F(a, b) > expected)        \
      mismatches++;                                                            \
  }
#define P1(R, F, T1)                                                           \
  void probe_##F(T1 a, long long expected) {                                   \
    if ((long long)F(a) < expected || (long long)F(a) > expected)              \
      mismatches++;                                                            \
  }
FUNCTIONS(P2, P1)
#endif
)C";

/// The C file, compiled both ways once for the whole test program.
class Compiled : public CompiledTwice {
public:
  static Compiled &get() {
    static Compiled C;
    return C;
  }

  using NativeFn = long long (*)(long long, long long);
  NativeFn native(const std::string &Name) const {
    return CompiledTwice::native<NativeFn>("w_" + Name);
  }

private:
  Compiled() : CompiledTwice(Source, "NATIVE_WRAPPERS") {}
};

/// Records decisions; ignores everything else.
class Recorder : public ExecutionObserver {
public:
  void onBranch(const BranchEvent &E) override { Events.push_back(E); }
  void onConcretization(const llvm::Instruction *, const char *) override {
    ++Concretizations;
  }
  std::vector<BranchEvent> Events;
  unsigned Concretizations = 0;
};

unsigned widthOf(const llvm::Type *T) {
  return T->isIntegerTy() ? T->getIntegerBitWidth() : 0;
}

/// An entry call with one input array per parameter.
class Call {
public:
  Call(ExprContext &Ctx, const llvm::Function &F,
       const std::vector<uint64_t> &Values)
      : F(F) {
    unsigned I = 0;
    for (const llvm::Argument &A : F.args()) {
      unsigned W = widthOf(A.getType());
      unsigned Bytes = (W + 7) / 8;
      uint64_t V = truncBits(Values[I], W);
      const Array *Arr = Ctx.array(
          "arg" + std::to_string(I) + "_" + std::to_string(Bytes), Bytes);
      std::vector<uint8_t> Raw(Bytes);
      for (unsigned B = 0; B < Bytes; ++B)
        Raw[B] = uint8_t(V >> (8 * B));
      Input.set(Arr, Raw);
      Concrete.push_back({V, nullptr});
      Symbolic.push_back({V, Ctx.extract(Ctx.readLE(Arr, 0, Bytes), 0, W)});
      ++I;
    }
  }

  const llvm::Function &F;
  Assignment Input;
  std::vector<ConcolicValue> Concrete, Symbolic;
};

/// Values that probe the corners of a `W`-bit parameter.
std::vector<uint64_t> edgeValues(unsigned W) {
  if (W == 1)
    return {0, 1};
  uint64_t Min = uint64_t(1) << (W - 1);
  std::vector<uint64_t> V = {0, 1, 2, 3, 5, 7, 8, 31, 32, 63, 64, 255, 1000};
  for (int64_t Negative : {-1, -2, -7, -1000})
    V.push_back(uint64_t(Negative));
  V.insert(V.end(), {Min, Min - 1, Min + 1});
  for (uint64_t &X : V)
    X = truncBits(X, W);
  return V;
}

/// Inputs on which the function's C code is defined.
using Validity = std::function<bool(const std::vector<int64_t> &)>;

bool always(const std::vector<int64_t> &) { return true; }
bool nonzeroDivisor(const std::vector<int64_t> &V) { return V[1] != 0; }
Validity noSignedOverflow(unsigned W) {
  return [W](const std::vector<int64_t> &V) {
    return V[1] != 0 &&
           !(V[0] == signExtend(uint64_t(1) << (W - 1), W) && V[1] == -1);
  };
}

struct FunctionCase {
  const char *Name;
  Validity Valid = always;
  bool Branches = false;      ///< Symbolic inputs must produce decisions.
  bool SymbolicResult = true; ///< The result depends on the inputs.
};

void PrintTo(const FunctionCase &Case, std::ostream *OS) { *OS << Case.Name; }

const std::vector<FunctionCase> &functionCases() {
  static const std::vector<FunctionCase> Cases = {
      {"add_i"},
      {"sub_i"},
      {"mul_i"},
      {"div_i", noSignedOverflow(32), true},
      {"rem_i", noSignedOverflow(32), true},
      {"udiv_u", nonzeroDivisor, true},
      {"urem_u", nonzeroDivisor, true},
      {"and_i"},
      {"or_i"},
      {"xor_i"},
      {"not_i"},
      {"neg_i"},
      {"shl_i"},
      {"shr_i"},
      {"shr_u"},
      {"add_ll"},
      {"sub_ll"},
      {"mul_ll"},
      {"div_ll", noSignedOverflow(64), true},
      {"rem_ll", noSignedOverflow(64), true},
      {"udiv_ull", nonzeroDivisor, true},
      {"urem_ull", nonzeroDivisor, true},
      {"shl_ll"},
      {"shr_ll"},
      {"shr_ull"},
      {"bits_ll"},
      {"add_sc"},
      {"mul_uc"},
      {"div_s", nonzeroDivisor, true},
      {"rem_us", nonzeroDivisor, true},
      {"shr_sc"},
      {"sub_s"},
      {"cmp_i"},
      {"cmp_u"},
      {"cmp_ll"},
      {"cmp_ull"},
      {"cmp_sc"},
      {"cmp_uc"},
      {"cmp_s"},
      {"classify", always, true, false},
      {"logic", always, true},
      {"sext_sc"},
      {"zext_uc"},
      {"sext_s"},
      {"zext_us"},
      {"sext_i"},
      {"zext_u"},
      {"trunc_ll"},
      {"trunc_ll_s"},
      {"trunc_ull_uc"},
      {"ull_from_sc"},
      {"int_from_uc"},
      {"u_from_s"},
      {"to_bool"},
      {"bool_ret"},
      {"bool_ops", always, true},
      {"bool_mix", always, true},
      {"sel_const"},
      {"sel_max", always, true},
      {"sw", always, true},
      {"sw_c", always, true, false},
      {"loop_sum", always, true},
      {"collatz", always, true, false},
      {"fib", always, true},
      {"gcd", always, true},
      {"local_arr", always, true},
      {"local_bytes", always, true},
      {"struct_fn"},
      {"global_fn", always, true},
      {"global_struct"},
      {"sadd_o"},
      {"ssub_o"},
      {"smul_o"},
      {"uadd_o"},
      {"usub_o"},
      {"umul_o"},
      {"sadd_o_sc"},
      {"umul_o_uc"},
      {"smul_o_ll"},
      {"umul_o_ull"},
      {"ssub_o_ll"},
  };
  return Cases;
}

class InterpreterTest : public ::testing::Test {
protected:
  void SetUp() override {
    Compiled &C = Compiled::get();
    ASSERT_EQ(C.Error, "") << "cannot build the test program";
    Prog = C.Prog.get();
    Interp = std::make_unique<Interpreter>(*Prog, Ctx, ExecOptions{});
  }

  /// The defined function `Name`; throws (failing the test) if absent.
  const llvm::Function &function(const std::string &Name) {
    const llvm::Function *F = Prog->module().getFunction(Name);
    if (!F || F->isDeclaration())
      throw std::runtime_error("no function " + Name + " in the program");
    return *F;
  }

  PathOutcome run(const llvm::Function &F,
                  const std::vector<ConcolicValue> &Args, Recorder &Obs) {
    std::unique_ptr<ExecutionState> S = Interp->createState(F, Args);
    return Interp->run(*S, Obs);
  }

  /// Every decision agrees with its condition under the input.
  void expectConsistentDecisions(const Recorder &Obs, const Assignment &In) {
    for (const BranchEvent &E : Obs.Events) {
      ASSERT_EQ(E.Cond->width(), 1u);
      EXPECT_EQ(evaluate(E.Cond, In), uint64_t(E.Taken))
          << "decision " << toString(E.Cond) << " recorded as "
          << (E.Taken ? "taken" : "not taken");
    }
  }

  ExprContext Ctx;
  const Program *Prog = nullptr;
  std::unique_ptr<Interpreter> Interp;
};

class InstructionSemanticsTest
    : public InterpreterTest,
      public ::testing::WithParamInterface<FunctionCase> {};

TEST_P(InstructionSemanticsTest, MatchesNativeCode) {
  const FunctionCase &Case = GetParam();
  const llvm::Function &F = function(Case.Name);
  const llvm::Function &Probe = function(std::string("probe_") + Case.Name);
  Compiled::NativeFn Native = Compiled::get().native(Case.Name);
  ASSERT_NE(Native, nullptr) << "w_" << Case.Name << " missing in the library";
  unsigned RetW = widthOf(F.getReturnType());
  ASSERT_GT(RetW, 0u);

  // Edge values crossed with each other, then random values.
  std::vector<unsigned> Widths;
  for (const llvm::Argument &A : F.args())
    Widths.push_back(widthOf(A.getType()));
  ASSERT_FALSE(Widths.empty());
  std::vector<std::vector<uint64_t>> Inputs;
  std::vector<uint64_t> E0 = edgeValues(Widths[0]);
  if (Widths.size() == 1) {
    for (uint64_t A : E0)
      Inputs.push_back({A});
  } else {
    for (uint64_t A : E0)
      for (uint64_t B : edgeValues(Widths[1]))
        Inputs.push_back({A, B});
  }
  std::mt19937_64 Rng(std::hash<std::string>()(Case.Name));
  for (int I = 0; I < 150; ++I) {
    std::vector<uint64_t> In;
    for (unsigned W : Widths) {
      uint64_t V = Rng();
      if (I % 3 == 0) // Small magnitudes, either sign.
        V = (V % 2 ? uint64_t(0) - V % 300 : V % 300);
      In.push_back(truncBits(V, W));
    }
    Inputs.push_back(In);
  }

  unsigned Runs = 0, Decisions = 0, ResultDecisions = 0;
  for (const std::vector<uint64_t> &In : Inputs) {
    std::vector<int64_t> Signed;
    for (size_t I = 0; I < In.size(); ++I)
      Signed.push_back(signExtend(In[I], Widths[I]));
    if (!Case.Valid(Signed))
      continue;
    ++Runs;
    long long NativeFull = Native(Signed[0], Signed.size() > 1 ? Signed[1] : 0);
    uint64_t Want = truncBits(uint64_t(NativeFull), RetW);
    std::string What =
        std::string(Case.Name) + "(" + std::to_string(Signed[0]) +
        (Signed.size() > 1 ? ", " + std::to_string(Signed[1]) : std::string()) +
        ")";
    Call C(Ctx, F, In);

    Recorder Concrete;
    PathOutcome Out = run(F, C.Concrete, Concrete);
    ASSERT_EQ(Out.End, PathEnd::Return) << What << ": " << Out.Message;
    ASSERT_TRUE(Out.HasValue);
    EXPECT_EQ(truncBits(Out.Value, RetW), Want) << What << " concretely";
    EXPECT_TRUE(Concrete.Events.empty()) << What << ": decisions without input";

    Recorder Symbolic;
    Out = run(F, C.Symbolic, Symbolic);
    ASSERT_EQ(Out.End, PathEnd::Return) << What << ": " << Out.Message;
    EXPECT_EQ(truncBits(Out.Value, RetW), Want) << What << " symbolically";
    expectConsistentDecisions(Symbolic, C.Input);
    Decisions += Symbolic.Events.size();

    // The probe compares the result with the native one: the decisions'
    // conditions hold the result's expression.
    std::vector<ConcolicValue> ProbeArgs = C.Symbolic;
    ProbeArgs.push_back({uint64_t(NativeFull), nullptr});
    Recorder ProbeObs;
    Out = run(Probe, ProbeArgs, ProbeObs);
    ASSERT_EQ(Out.End, PathEnd::Return) << What << ": " << Out.Message;
    expectConsistentDecisions(ProbeObs, C.Input);
    for (const BranchEvent &E : ProbeObs.Events)
      if (E.Inst->getFunction() == &Probe) {
        EXPECT_FALSE(E.Taken) << What << ": the result differs";
        ++ResultDecisions;
      }
    if (HasFailure())
      return;
  }
  EXPECT_GT(Runs, 100u);
  if (Case.Branches)
    EXPECT_GT(Decisions, 0u) << "symbolic inputs produced no decisions";
  if (Case.SymbolicResult)
    EXPECT_GT(ResultDecisions, 0u) << "the result never depended on inputs";
}

INSTANTIATE_TEST_SUITE_P(Functions, InstructionSemanticsTest,
                         ::testing::ValuesIn(functionCases()),
                         [](const auto &Info) {
                           return std::string(Info.param.Name);
                         });

TEST_F(InterpreterTest, EveryFunctionIsCovered) {
  std::set<std::string> Listed;
  for (const FunctionCase &Case : functionCases())
    Listed.insert(Case.Name);
  for (const llvm::Function &F : Prog->module()) {
    llvm::StringRef Name = F.getName();
    if (Name.consume_front("probe_"))
      EXPECT_TRUE(Listed.count(Name.str())) << Name.str() << " is untested";
  }
  EXPECT_EQ(Listed.size(), functionCases().size());
}

TEST_F(InterpreterTest, TheProgramExercisesSelectAndSwitch) {
  auto Has = [](const llvm::Function &F, unsigned Opcode) {
    for (const llvm::Instruction &I : llvm::instructions(F))
      if (I.getOpcode() == Opcode)
        return true;
    return false;
  };
  EXPECT_TRUE(Has(function("sel_const"), llvm::Instruction::Select));
  EXPECT_TRUE(Has(function("sw"), llvm::Instruction::Switch));
  EXPECT_TRUE(Has(function("sw_c"), llvm::Instruction::Switch));
  EXPECT_TRUE(Has(function("local_arr"), llvm::Instruction::Call))
      << "the array initialiser should be a memcpy";
  for (const char *Checked : {"sadd_o", "umul_o_uc", "smul_o_ll", "umul_o_ull"})
    EXPECT_TRUE(Has(function(Checked), llvm::Instruction::ExtractValue))
        << Checked << " should use an llvm.*.with.overflow intrinsic";
}

//===----------------------------------------------------------------------===//
// Division bugs.
//===----------------------------------------------------------------------===//

/// The number of the first line of Source containing `Text`.
unsigned lineOf(const std::string &Text) {
  std::istringstream In(Source);
  std::string Line;
  for (unsigned N = 1; std::getline(In, Line); ++N)
    if (Line.find(Text) != std::string::npos)
      return N;
  return 0;
}

class DivisionBugTest : public InterpreterTest {
protected:
  /// Runs `Name` on symbolic inputs; the last decision must be the failed
  /// check.
  PathOutcome runFailing(const std::string &Name,
                         const std::vector<uint64_t> &Args) {
    Call C(Ctx, function(Name), Args);
    Recorder Obs;
    PathOutcome Out = run(C.F, C.Symbolic, Obs);
    expectConsistentDecisions(Obs, C.Input);
    EXPECT_FALSE(Obs.Events.empty());
    if (!Obs.Events.empty()) {
      const BranchEvent &Last = Obs.Events.back();
      EXPECT_EQ(Last.Kind, BranchKind::Check);
      EXPECT_TRUE(Last.Taken);
      EXPECT_EQ(evaluate(Last.Cond, C.Input), 1u);
    }
    return Out;
  }
};

TEST_F(DivisionBugTest, SymbolicZeroDivisor) {
  for (const char *Name : {"div_i", "rem_i", "udiv_u", "urem_u", "div_ll",
                           "urem_ull", "div_s", "rem_us"}) {
    PathOutcome Out = runFailing(Name, {5, 0});
    EXPECT_EQ(Out.End, PathEnd::Bug) << Name;
    EXPECT_EQ(Out.BugKind, "division-by-zero") << Name;
  }
  PathOutcome Out = runFailing("div_i", {uint64_t(-9), 0});
  EXPECT_EQ(Out.Loc.Line, lineOf("int div_i("));
  ASSERT_FALSE(Out.Stack.empty());
  EXPECT_EQ(Out.Stack.front().Function, "div_i");
}

TEST_F(DivisionBugTest, ZeroDivisorInACallee) {
  // The probe calls rem_i: the stack shows both frames, innermost first.
  PathOutcome Out = runFailing("probe_rem_i", {7, 0, 0});
  EXPECT_EQ(Out.End, PathEnd::Bug);
  EXPECT_EQ(Out.BugKind, "division-by-zero");
  ASSERT_EQ(Out.Stack.size(), 2u);
  EXPECT_EQ(Out.Stack[0].Function, "rem_i");
  EXPECT_EQ(Out.Stack[1].Function, "probe_rem_i");
}

TEST_F(DivisionBugTest, SignedDivisionOverflow) {
  PathOutcome Out = runFailing("div_i", {uint64_t(INT_MIN), uint64_t(-1)});
  EXPECT_EQ(Out.End, PathEnd::Bug);
  EXPECT_EQ(Out.BugKind, "division-overflow");
  Out = runFailing("rem_i", {uint64_t(INT_MIN), uint64_t(-1)});
  EXPECT_EQ(Out.End, PathEnd::Bug);
  EXPECT_EQ(Out.BugKind, "division-overflow");
  Out = runFailing("div_ll", {uint64_t(LLONG_MIN), uint64_t(-1)});
  EXPECT_EQ(Out.End, PathEnd::Bug);
  EXPECT_EQ(Out.BugKind, "division-overflow");
}

TEST_F(DivisionBugTest, ShortDivisionDoesNotOverflow) {
  // SHRT_MIN / -1 is computed in int after promotion: no bug.
  Call C(Ctx, function("div_s"), {uint64_t(SHRT_MIN), uint64_t(-1)});
  Recorder Obs;
  PathOutcome Out = run(C.F, C.Symbolic, Obs);
  EXPECT_EQ(Out.End, PathEnd::Return) << Out.Message;
  EXPECT_EQ(truncBits(Out.Value, 16), truncBits(uint64_t(SHRT_MIN), 16));
  expectConsistentDecisions(Obs, C.Input);
}

TEST_F(DivisionBugTest, ConcreteZeroDivisor) {
  Call C(Ctx, function("div_i"), {5, 0});
  Recorder Obs;
  PathOutcome Out = run(C.F, C.Concrete, Obs);
  EXPECT_EQ(Out.End, PathEnd::Bug);
  EXPECT_EQ(Out.BugKind, "division-by-zero");
  EXPECT_TRUE(Obs.Events.empty());
}

TEST_F(DivisionBugTest, NonZeroSymbolicDivisorIsACheckNotTaken) {
  Call C(Ctx, function("div_i"), {7, 2});
  Recorder Obs;
  PathOutcome Out = run(C.F, C.Symbolic, Obs);
  ASSERT_EQ(Out.End, PathEnd::Return);
  EXPECT_EQ(Out.Value, 3u);
  expectConsistentDecisions(Obs, C.Input);
  // The zero check and the overflow check, both not taken; each holds on an
  // input that makes the division fail.
  std::vector<const BranchEvent *> Checks;
  for (const BranchEvent &E : Obs.Events)
    if (E.Kind == BranchKind::Check)
      Checks.push_back(&E);
  ASSERT_EQ(Checks.size(), 2u);
  EXPECT_FALSE(Checks[0]->Taken);
  EXPECT_FALSE(Checks[1]->Taken);
  Call Zero(Ctx, C.F, {7, 0});
  EXPECT_EQ(evaluate(Checks[0]->Cond, Zero.Input), 1u);
  Call Overflow(Ctx, C.F, {uint64_t(INT_MIN), uint64_t(-1)});
  EXPECT_EQ(evaluate(Checks[1]->Cond, Overflow.Input), 1u);
  EXPECT_EQ(evaluate(Checks[0]->Cond, Overflow.Input), 0u);
}

} // namespace

//===----------------------------------------------------------------------===//
// Sizes, the stack limit, constant tables.
//===----------------------------------------------------------------------===//

TEST_F(InterpreterTest, SymbolicVlaSizeIsDecidedNotPinned) {
  Call C(Ctx, function("vla_last"), {5});
  Recorder Obs;
  PathOutcome Out = run(C.F, C.Symbolic, Obs);
  ASSERT_EQ(Out.End, PathEnd::Return) << Out.Message;
  EXPECT_EQ(Out.Value, 15u);
  EXPECT_EQ(Obs.Concretizations, 0u);
  expectConsistentDecisions(Obs, C.Input);
  std::vector<const BranchEvent *> AtAlloca;
  for (const BranchEvent &E : Obs.Events) {
    EXPECT_NE(E.Kind, BranchKind::Pin) << toString(E.Cond);
    if (llvm::isa<llvm::AllocaInst>(E.Inst))
      AtAlloca.push_back(&E);
  }
  // The stack limit first (a check the explorer negates to find an
  // overflow), then branches that fix the size: negating one of them
  // reaches another size.
  ASSERT_GE(AtAlloca.size(), 2u);
  EXPECT_EQ(AtAlloca.front()->Kind, BranchKind::Check);
  for (uint64_t Other : {0, 4, 6, 100}) {
    Call O(Ctx, C.F, {Other});
    bool Differs = false;
    for (const BranchEvent *E : AtAlloca)
      Differs |= E->Kind == BranchKind::Branch &&
                 evaluate(E->Cond, O.Input) != uint64_t(E->Taken);
    EXPECT_TRUE(Differs) << "size " << Other + 1 << " is not another path";
  }
}

TEST_F(InterpreterTest, StackLimitMakesHugeArraysAndDeepRecursionBugs) {
  ExecOptions Opts;
  Opts.MaxStack = 4096;
  Interpreter Small(*Prog, Ctx, Opts);
  auto RunSmall = [&](const char *Name, uint64_t Arg, Recorder &Obs) {
    Call C(Ctx, function(Name), {Arg});
    std::unique_ptr<ExecutionState> S = Small.createState(C.F, C.Symbolic);
    PathOutcome Out = Small.run(*S, Obs);
    expectConsistentDecisions(Obs, C.Input);
    return Out;
  };
  Recorder Fits, Deep, Huge;
  EXPECT_EQ(RunSmall("recurse", 10, Fits).End, PathEnd::Return);
  PathOutcome Out = RunSmall("recurse", 1000, Deep);
  EXPECT_EQ(Out.End, PathEnd::Bug);
  EXPECT_EQ(Out.BugKind, "stack-overflow");
  EXPECT_NE(Out.Message.find("call to 'recurse'"), std::string::npos)
      << Out.Message;
  Out = RunSmall("vla_last", 5000, Huge);
  EXPECT_EQ(Out.End, PathEnd::Bug);
  EXPECT_EQ(Out.BugKind, "stack-overflow");
  ASSERT_FALSE(Huge.Events.empty());
  EXPECT_EQ(Huge.Events.back().Kind, BranchKind::Check);
  EXPECT_FALSE(Huge.Events.back().Taken) << "the size is above the limit";

  // The default 8 MiB: a deep recursion ends as a bug, reporting only the
  // innermost frames.
  Call C(Ctx, function("recurse"), {10'000'000});
  Recorder Obs;
  Out = run(C.F, C.Concrete, Obs);
  EXPECT_EQ(Out.BugKind, "stack-overflow");
  EXPECT_EQ(Out.Stack.size(), 100u);
}

/// Copies the running state at its first decision, as the forking
/// explorer does, moved onto another input.
class ForkAtFirstDecision : public Recorder {
public:
  void onBranch(const BranchEvent &E) override {
    Recorder::onBranch(E);
    if (Copy)
      return;
    Copy = std::make_unique<ExecutionState>(*Running);
    Copy->Stack.back().moveTo(E.Inst);
    --Copy->Steps;
    reconcretize(*Copy, Other);
  }
  const ExecutionState *Running = nullptr;
  Assignment Other;
  std::unique_ptr<ExecutionState> Copy;
};

TEST_F(InterpreterTest, ACopiedStateResumesOnItsOwnValues) {
  Call C(Ctx, function("forked_sum"), {7});
  Call Low(Ctx, C.F, {2});
  ForkAtFirstDecision Obs;
  Obs.Other = Low.Input;
  std::unique_ptr<ExecutionState> S = Interp->createState(C.F, C.Symbolic);
  Obs.Running = S.get();
  PathOutcome Out = Interp->run(*S, Obs);
  ASSERT_EQ(Out.End, PathEnd::Return) << Out.Message;
  EXPECT_EQ(Out.Value, 100u + 84 + 7);
  ASSERT_NE(Obs.Copy, nullptr);
  // The copy re-runs the decision with n = 2: the other side, its own
  // array and locals, the same code.
  Recorder Second;
  Out = Interp->run(*Obs.Copy, Second);
  ASSERT_EQ(Out.End, PathEnd::Return) << Out.Message;
  EXPECT_EQ(Out.Value, 84u + 2);
  ASSERT_FALSE(Second.Events.empty());
  EXPECT_FALSE(Second.Events.front().Taken);
}

TEST_F(InterpreterTest, ConstantTableIsReadAtASymbolicIndex) {
  Call C(Ctx, function("table_at"), {7});
  Recorder Obs;
  PathOutcome Out = run(C.F, C.Symbolic, Obs);
  ASSERT_EQ(Out.End, PathEnd::Return) << Out.Message;
  EXPECT_EQ(truncBits(Out.Value, 32), 3u);
  EXPECT_EQ(Obs.Concretizations, 0u);
  ASSERT_NE(Out.ValueSym, nullptr);
  for (auto [Index, Want] :
       {std::pair<uint64_t, uint64_t>{250, 9}, {7, 3}, {8, 0}}) {
    Call At(Ctx, C.F, {Index});
    EXPECT_EQ(truncBits(evaluate(Out.ValueSym, At.Input), 32), Want);
  }
}

namespace {

std::string narrowed(std::string Format, bool Scan = false) {
  std::string Error;
  if (!theseus::narrowFormatForILP32(Format, Scan, Error))
    return "error: " + Error;
  return Format;
}

TEST(NarrowFormatTest, LongSizeAndPtrdiffIntegersBecomeInt) {
  EXPECT_EQ(narrowed("%ld %lu %lx %-8lX %zu %zd %td %ln"),
            "%d %u %x %-8X %u %d %d %n");
  // 64-bit in both data models, or not integers: unchanged.
  EXPECT_EQ(narrowed("%lld %llu %jd %hhd %hd %lf %Lf %ls %lc %p %s %%ld"),
            "%lld %llu %jd %hhd %hd %lf %Lf %ls %lc %p %s %%ld");
  EXPECT_EQ(narrowed("%1$*2$.3ld|%5zu"), "%1$*2$.3d|%5u");
  EXPECT_EQ(narrowed("100%"), "100%");
  EXPECT_EQ(narrowed("%ld %lf %s", /*Scan=*/true), "%d %lf %s");
}

TEST(NarrowFormatTest, ScanningAPointerIsRefused) {
  EXPECT_EQ(narrowed("%p", /*Scan=*/true),
            "error: the conversion %p (it stores a pointer)");
  EXPECT_EQ(narrowed("%ms", /*Scan=*/true),
            "error: the conversion %m (it stores a pointer)");
  EXPECT_EQ(narrowed("%p"), "%p");
}

// The one table of icmp predicates, which the interpreter's decoder and
// the apc's translation share: each comparison computes its predicate as
// LLVM does, and is the node ExprContext's builder of the predicate makes.
TEST(OpcodesTest, ComparisonsComputeTheirPredicates) {
  using P = llvm::CmpInst::Predicate;
  ExprContext Ctx;
  ExprRef X = Ctx.read(Ctx.array("x", 1), 0);
  ExprRef Y = Ctx.read(Ctx.array("y", 1), 0);
  const std::pair<P, ExprRef> Built[] = {
      {P::ICMP_EQ, Ctx.eq(X, Y)},   {P::ICMP_NE, Ctx.ne(X, Y)},
      {P::ICMP_ULT, Ctx.ult(X, Y)}, {P::ICMP_ULE, Ctx.ule(X, Y)},
      {P::ICMP_UGT, Ctx.ugt(X, Y)}, {P::ICMP_UGE, Ctx.uge(X, Y)},
      {P::ICMP_SLT, Ctx.slt(X, Y)}, {P::ICMP_SLE, Ctx.sle(X, Y)},
      {P::ICMP_SGT, Ctx.sgt(X, Y)}, {P::ICMP_SGE, Ctx.sge(X, Y)}};
  const uint64_t Values[] = {0, 1, 0x7f, 0x80, 0xfe, 0xff};
  for (const auto &[Pred, Expected] : Built) {
    std::string Name = llvm::CmpInst::getPredicateName(Pred).str();
    Comparison C = comparisonOf(Pred);
    ExprRef E = C.Swap ? Ctx.compare(C.Kind, Y, X) : Ctx.compare(C.Kind, X, Y);
    EXPECT_EQ(C.Negate ? Ctx.logicalNot(E) : E, Expected) << Name;
    for (uint64_t A : Values)
      for (uint64_t B : Values)
        EXPECT_EQ(
            evalCompare(C.Kind, C.Swap ? B : A, C.Swap ? A : B, 8) != C.Negate,
            llvm::ICmpInst::compare(llvm::APInt(8, A), llvm::APInt(8, B), Pred))
            << Name << " " << A << " " << B;
  }
}

} // namespace
