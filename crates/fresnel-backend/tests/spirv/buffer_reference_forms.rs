//! Buffer references (GL_EXT_buffer_reference) as PhysicalStorageBuffer pointers
//! (`spirv/refs.rs`), checked on the module's words and by `spirv-val`, at -O0 and -O:
//!
//! * a block member of reference type that is followed is declared as a pointer and loaded
//!   as one: no `OpConvertUToPtr` for a plain member dereference; references to each other
//!   (`t3` holds a `t4`, `t4` a `t3`) need `OpTypeForwardPointer`;
//! * conversions only where GLSL converts (constructors from and to `uint64_t`);
//! * a reference loaded as a pointer and used as an integer (`uint64_t(ref)`) is
//!   converted, and a slot followed as two different block types stays an integer;
//! * a copy between layouts (an SSBO's struct to a buffer reference's) loads the source
//!   whole once and stores its leaves.

use crate::support;

use crate::support::instructions;

use fresnel::Stage;

const TYPE_INT: u16 = 21;
const TYPE_STRUCT: u16 = 30;
const TYPE_POINTER: u16 = 32;
const TYPE_FORWARD_POINTER: u16 = 39;
const LOAD: u16 = 61;
const STORE: u16 = 62;
const CONVERT_PTR_TO_U: u16 = 117;
const CONVERT_U_TO_PTR: u16 = 120;
const PHYSICAL_STORAGE_BUFFER: u32 = 5349;

fn compile(src: &str, optimize: bool) -> Vec<u32> {
    support::compile_vulkan(Stage::Fragment, src, optimize, 2)
}

fn count(ins: &[(u16, Vec<u32>)], op: u16) -> usize {
    ins.iter().filter(|(o, _)| *o == op).count()
}

/// The ids of the PhysicalStorageBuffer pointer types.
fn psb_pointers(ins: &[(u16, Vec<u32>)]) -> Vec<u32> {
    ins.iter()
        .filter(|(o, w)| *o == TYPE_POINTER && w[1] == PHYSICAL_STORAGE_BUFFER)
        .map(|(_, w)| w[0])
        .collect()
}

/// Struct members whose type is a PhysicalStorageBuffer pointer.
fn pointer_members(ins: &[(u16, Vec<u32>)]) -> usize {
    let ptrs = psb_pointers(ins);
    ins.iter()
        .filter(|(o, _)| *o == TYPE_STRUCT)
        .map(|(_, w)| w[1..].iter().filter(|m| ptrs.contains(m)).count())
        .sum()
}

const CHAIN: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
layout(buffer_reference) buffer t4;
layout(buffer_reference, std430) buffer t3 { int h; t4 i; };
layout(buffer_reference, std430) buffer t4 { int j; t3 k; };
layout(set = 0, binding = 0, std430) buffer S { t4 m; t3 n[2]; } s;
layout(location = 0) flat in int idx;
void main() {
    s.m.k.h = s.m.k.i.k.i.k.h;
    s.n[idx].i.j = 7;
}
"#;

#[test]
fn member_dereference_loads_a_pointer() {
    for optimize in [false, true] {
        let ins = instructions(&compile(CHAIN, optimize));
        assert_eq!(
            count(&ins, CONVERT_U_TO_PTR),
            0,
            "no conversion for plain member dereferences (optimize {optimize})"
        );
        assert_eq!(count(&ins, CONVERT_PTR_TO_U), 0, "optimize {optimize}");
        // t3.i, t4.k, S.m and the elements of S.n are pointers.
        assert!(
            pointer_members(&ins) >= 3,
            "reference members are pointers (optimize {optimize})"
        );
        assert_eq!(
            count(&ins, TYPE_FORWARD_POINTER),
            1,
            "t3 and t4 refer to each other: one forward pointer"
        );
        // No 64-bit integer type is needed at all.
        assert!(
            !ins.iter().any(|(o, w)| *o == TYPE_INT && w[1] == 64),
            "no uint64_t (optimize {optimize})"
        );
    }
}

const CONVERSIONS: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : enable
layout(buffer_reference) buffer T;
layout(buffer_reference, std430) buffer T { int x; T next; };
layout(set = 0, binding = 0, std430) buffer S { T head; uint64_t raw; int same; } s;
void main() {
    T a = T(s.raw + 16ul);   // a constructor of an address: OpConvertUToPtr
    a.x = 1;
    s.head.next.x = 2;
    s.raw = uint64_t(s.head.next);  // and back: OpConvertPtrToU
    s.same = (uint64_t(s.head) == uint64_t(s.head.next)) ? 1 : 0;
    s.head.next = a;         // stored as a pointer
}
"#;

#[test]
fn conversions_only_where_glsl_converts() {
    for optimize in [false, true] {
        let ins = instructions(&compile(CONVERSIONS, optimize));
        assert_eq!(
            count(&ins, CONVERT_U_TO_PTR),
            1,
            "only `T(s.raw + 16ul)` converts to a pointer (optimize {optimize})"
        );
        assert!(
            count(&ins, CONVERT_PTR_TO_U) >= 1,
            "`uint64_t(ref)` converts to an address (optimize {optimize})"
        );
        assert!(pointer_members(&ins) >= 2, "optimize {optimize}");
    }
}

const TWO_TYPES: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
layout(buffer_reference, std430) buffer A { int x; };
layout(buffer_reference, std430) buffer B { float y; };
layout(set = 0, binding = 0, std430) buffer S { A a; int r; } s;
void main() {
    s.a.x = 1;
    B b = B(s.a);
    b.y = 2.0;
}
"#;

#[test]
fn slot_followed_as_two_types_stays_an_address() {
    for optimize in [false, true] {
        let ins = instructions(&compile(TWO_TYPES, optimize));
        assert_eq!(pointer_members(&ins), 0, "optimize {optimize}");
        assert!(count(&ins, CONVERT_U_TO_PTR) >= 2, "optimize {optimize}");
    }
}

const COPY: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : enable
struct Data { uint a; uint b; uint c; int d; vec2 e[2]; };
layout(set = 0, binding = 0, std430) readonly buffer In { uint64_t address; Data data; } inb;
layout(buffer_reference, std430) buffer Out { Data data; };
void main() {
    Out(inb.address).data = inb.data;
}
"#;

#[test]
fn layout_changing_copy_loads_the_source_once() {
    let ins = instructions(&compile(COPY, true));
    // The address, then the whole struct: 2 loads; 6 leaves stored (a, b, c, d, e[0],
    // e[1]: the array types of the two layouts are distinct SPIR-V types).
    assert_eq!(count(&ins, LOAD), 2);
    assert_eq!(count(&ins, STORE), 6);
}

const LIST: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430) buffer Node { Node next; int value; };
layout(set = 0, binding = 0, std430) buffer S { Node head; int sum; int n; } s;
void main() {
    Node p = s.head;
    int acc = 0;
    for (int i = 0; i < s.n; i++) {
        acc += p.value;
        p = p.next;
    }
    s.sum = acc;
    Node q = (acc > 3) ? s.head : s.head.next;
    q.value = 5;
}
"#;

#[test]
fn phis_and_selects_of_references_are_pointers() {
    const PHI: u16 = 245;
    const SELECT: u16 = 169;
    let ins = instructions(&compile(LIST, true));
    let ptrs = psb_pointers(&ins);
    assert_eq!(count(&ins, CONVERT_U_TO_PTR), 0);
    assert_eq!(count(&ins, CONVERT_PTR_TO_U), 0);
    assert!(
        ins.iter().any(|(o, w)| *o == PHI && ptrs.contains(&w[0])),
        "the list walk's phi is a pointer"
    );
    assert!(
        ins.iter()
            .any(|(o, w)| *o == SELECT && ptrs.contains(&w[0])),
        "`c ? r1 : r2` selects pointers"
    );
    // At -O0 the same module is valid (the local `p` lives in memory as an address).
    compile(LIST, false);
}

const CALLS: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430) buffer Node { Node next; int value; };
layout(set = 0, binding = 0, std430) buffer S { Node head; int n; } s;
Node advance(Node p, int k) {
    for (int i = 0; i < k; i++) p = p.next;
    return p;
}
void fill(Node p, out Node q) { q = p.next; q.value = 1; }
void main() {
    Node q;
    fill(s.head, q);
    q = advance(q, s.n);
    q.value = 7;
}
"#;

#[test]
fn parameters_results_and_locals_are_pointers_at_o0() {
    const FUNCTION_PARAMETER: u16 = 55;
    const VARIABLE: u16 = 59;
    const FUNCTION_STORAGE: u32 = 7;
    let ins = instructions(&compile(CALLS, false));
    let ptrs = psb_pointers(&ins);
    assert_eq!(count(&ins, CONVERT_U_TO_PTR), 0);
    assert_eq!(count(&ins, CONVERT_PTR_TO_U), 0);
    assert!(
        ins.iter()
            .any(|(o, w)| *o == FUNCTION_PARAMETER && ptrs.contains(&w[0])),
        "a reference parameter is a pointer"
    );
    // Function variables holding pointers: `OpTypePointer Function %ptr_PSB_Node`.
    let fn_ptr_to_psb: Vec<u32> = ins
        .iter()
        .filter(|(o, w)| *o == TYPE_POINTER && w[1] == FUNCTION_STORAGE && ptrs.contains(&w[2]))
        .map(|(_, w)| w[0])
        .collect();
    assert!(
        ins.iter()
            .any(|(o, w)| *o == VARIABLE && fn_ptr_to_psb.contains(&w[0])),
        "a reference local is a pointer-typed Function variable"
    );
}
