//! The `std140` layout (GLSL 4.60 §7.6.2.2) over IR types: gives every array a stride and
//! every struct member an offset (and matrix members a matrix stride), making a laid-out
//! copy of a type for use inside a uniform block.

use fresnel_ir::{BaseType, Field, Type, TypeId, Types};
use rustc_hash::FxHashMap;

/// Laid-out copies of types, memoized (old type -> (new type, size, alignment)).
#[derive(Default)]
pub struct Layout {
    memo: FxHashMap<TypeId, (TypeId, u32, u32)>,
}

fn round_up(x: u32, a: u32) -> u32 {
    x.div_ceil(a.max(1)).saturating_mul(a.max(1))
}

/// Size in bytes of one component (booleans take 32 bits in memory).
fn scalar_bytes(base: BaseType, bits: u8) -> u32 {
    if base == BaseType::Bool {
        4
    } else {
        u32::from(bits.max(8)) / 8
    }
}

impl Layout {
    /// The laid-out type of `ty`, its size and its base alignment.
    pub fn lay_out(&mut self, types: &mut Types, ty: TypeId) -> (TypeId, u32, u32) {
        if let Some(&r) = self.memo.get(&ty) {
            return r;
        }
        let r = match types.get(ty).clone() {
            Type::Vector {
                base,
                bits,
                components,
            } => {
                let s = scalar_bytes(base, bits);
                let n = u32::from(components);
                let align = match n {
                    1 => s,
                    2 => 2 * s,
                    _ => 4 * s,
                };
                (ty, s * n, align)
            }
            Type::Matrix {
                bits,
                columns,
                rows,
            } => {
                // An array of `columns` column vectors: stride rounded to a vec4.
                let stride = matrix_stride(bits, rows);
                (ty, stride * u32::from(columns), stride)
            }
            Type::Array { elem, len, .. } => {
                let (e, esize, ealign) = self.lay_out(types, elem);
                let align = round_up(ealign, 16);
                let stride = round_up(esize, align);
                let t = types.intern(Type::Array {
                    elem: e,
                    len,
                    stride,
                });
                (t, stride.saturating_mul(len), align)
            }
            Type::Struct {
                name,
                fields,
                block,
            } => {
                let mut offset = 0u32;
                let mut align = 16u32;
                let mut out = Vec::with_capacity(fields.len());
                for f in &fields {
                    let (t, size, a) = self.lay_out(types, f.ty);
                    offset = round_up(offset, a);
                    align = align.max(a);
                    out.push(Field {
                        name: f.name.clone(),
                        ty: t,
                        offset: Some(offset),
                        row_major: false,
                        matrix_stride: innermost_matrix(types, f.ty)
                            .map(|(bits, rows)| matrix_stride(bits, rows)),
                    });
                    // (A struct's size is rounded to its alignment, so the member after
                    // a struct starts aligned, as the rules require.)
                    offset = offset.saturating_add(size);
                }
                let t = types.intern(Type::Struct {
                    name,
                    fields: out,
                    block,
                });
                (t, round_up(offset, align), align)
            }
            _ => (ty, 0, 1),
        };
        self.memo.insert(ty, r);
        r
    }

    /// The laid-out copy of a type already laid out, if any.
    pub fn mapped(&self, ty: TypeId) -> Option<TypeId> {
        self.memo.get(&ty).map(|r| r.0)
    }
}

/// The std140 stride of a column of `rows` components of `bits`.
fn matrix_stride(bits: u8, rows: u8) -> u32 {
    let s = u32::from(bits.max(8)) / 8;
    let col = if rows == 2 { 2 * s } else { 4 * s };
    round_up(col, 16)
}

/// The matrix under any arrays: (bits, rows).
fn innermost_matrix(types: &Types, mut ty: TypeId) -> Option<(u8, u8)> {
    loop {
        match types.get(ty) {
            Type::Array { elem, .. } => ty = *elem,
            Type::Matrix { bits, rows, .. } => return Some((*bits, *rows)),
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn std140_rules() {
        let mut t = Types::new();
        let f = t.float();
        let v3 = t.vector(BaseType::Float, 32, 3);
        let v2 = t.vector(BaseType::Float, 32, 2);
        let m3 = t.intern(Type::Matrix {
            bits: 32,
            columns: 3,
            rows: 3,
        });
        let af = t.array(f, 4);
        let s = t.intern(Type::Struct {
            name: "S".into(),
            fields: vec![
                Field {
                    name: "a".into(),
                    ty: f,
                    offset: None,
                    row_major: false,
                    matrix_stride: None,
                },
                Field {
                    name: "b".into(),
                    ty: v3,
                    offset: None,
                    row_major: false,
                    matrix_stride: None,
                },
                Field {
                    name: "c".into(),
                    ty: f,
                    offset: None,
                    row_major: false,
                    matrix_stride: None,
                },
                Field {
                    name: "d".into(),
                    ty: af,
                    offset: None,
                    row_major: false,
                    matrix_stride: None,
                },
                Field {
                    name: "e".into(),
                    ty: m3,
                    offset: None,
                    row_major: false,
                    matrix_stride: None,
                },
                Field {
                    name: "g".into(),
                    ty: v2,
                    offset: None,
                    row_major: false,
                    matrix_stride: None,
                },
            ],
            block: false,
        });
        let mut l = Layout::default();
        let (ls, size, align) = l.lay_out(&mut t, s);
        let Type::Struct { fields, .. } = t.get(ls).clone() else {
            panic!("a struct")
        };
        let offs: Vec<u32> = fields.iter().map(|f| f.offset.unwrap()).collect();
        // float at 0, vec3 at 16, float packed after the vec3 at 28, float[4] (stride 16)
        // at 32, mat3 (3 columns of 16) at 96, vec2 at 144.
        assert_eq!(offs, vec![0, 16, 28, 32, 96, 144]);
        assert_eq!(fields[4].matrix_stride, Some(16));
        assert_eq!(size, 160);
        assert_eq!(align, 16);
        let Type::Array { stride, .. } = t.get(fields[3].ty) else {
            panic!("an array")
        };
        assert_eq!(*stride, 16);
    }
}
