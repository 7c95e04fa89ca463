; A .ll file with a syntax error: the IR reader's message with file:line:col.
; RUN: %expect-status 2 --one-line %theseus %s -o %t.out 2>&1 | FileCheck %s
; CHECK: theseus: error: {{.*}}ll_syntax_error.ll:7:3: expected value token
define i32 @ll_syntax_error(i32 %x) {
entry:
  %y = add i32 %x,
  ret i32 %y
}
