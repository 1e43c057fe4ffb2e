//! Declarations, types, qualifiers and functions.
//!
//! A declaration starts with a *head*: qualifiers and a type, in any mix of keywords and
//! identifiers. Identifiers are classified by what follows them, without a symbol table:
//!
//! * `S x` — `S` is a type when the next identifier `x` ends the head (it is followed by
//!   `;`, `,`, `=`, `[`, `(`, `)`, `:`);
//! * `rayPayloadEXT vec4 p`, `hitAttributeEXT Attr a` — an identifier followed by more type or
//!   qualifier words is an extension qualifier;
//! * `S[2] x` — an identifier followed by brackets and then an identifier is an array type;
//! * `coopmat<...> m` — a parameterized type (only the names extensions define).
//!
//! Whatever is left (a lone identifier) the caller reads by context: a block name before `{`,
//! names after qualifiers (`invariant gl_Position;`), or a parameter type (`void f(S)`).

use super::{Parser, Tok};
use crate::ast::*;
use crate::extensions::Ext;
use crate::intern::{sym, Symbol};
use crate::keywords::Keyword;
use crate::source::Span;
use crate::token::TokenKind;

/// Qualifiers and (if present) the type of a declaration.
pub(crate) struct DeclHead {
    pub quals: Qualifiers,
    pub ty: Option<TypeSpec>,
    pub start: Span,
}

/// What a declaration turned out to be.
pub(crate) enum Item {
    Decl(Decl),
    Function(FunctionDef),
}

impl Parser<'_> {
    pub(crate) fn spirv_on(&self) -> bool {
        self.ext_on(Ext::EXT_spirv_intrinsics)
    }

    fn is_spirv_qualifier(&self, s: Symbol) -> bool {
        self.spirv_on()
            && (s == sym::spirv_decorate
                || s == sym::spirv_decorate_id
                || s == sym::spirv_decorate_string
                || s == sym::spirv_storage_class
                || s == sym::spirv_by_reference
                || s == sym::spirv_literal
                || s == sym::spirv_instruction)
    }

    /// Names that take `<...>` parameters, when their extension is on.
    pub(crate) fn is_template_type(&self, s: Symbol) -> bool {
        let ext = match self.resolve(s) {
            "coopmat" => Ext::KHR_cooperative_matrix,
            "fcoopmatNV" | "icoopmatNV" | "ucoopmatNV" => {
                return self.ext_on(Ext::NV_cooperative_matrix)
                    || self.ext_on(Ext::NV_integer_cooperative_matrix)
            }
            "coopvecNV" => Ext::NV_cooperative_vector,
            "tensorLayoutNV" | "tensorViewNV" => Ext::NV_cooperative_matrix2,
            "tensorARM" => Ext::ARM_tensors,
            "vector" => Ext::EXT_long_vector,
            _ => return false,
        };
        self.ext_on(ext)
    }

    /// Whether the token at `i` can continue a declaration head (a qualifier or type word).
    fn is_head_word(&self, i: usize) -> bool {
        match self.tok_at(i) {
            Tok::Ident(_) => true,
            Tok::Kw(k) => {
                Self::is_type_kw(k)
                    || Self::is_qualifier_kw(k)
                    || matches!(
                        k,
                        Keyword::Layout | Keyword::Struct | Keyword::Subroutine | Keyword::Unsigned
                    )
            }
            _ => false,
        }
    }

    /// Whether the identifier at `i` is a type (as opposed to an extension qualifier or a
    /// declared name), judging by what follows.
    fn ident_is_type_at(&self, i: usize) -> bool {
        let Tok::Ident(s) = self.tok_at(i) else {
            return false;
        };
        match self.tok_at(i + 1) {
            Tok::P(TokenKind::Lt) => self.is_template_type(s),
            Tok::P(TokenKind::LBracket) => self
                .skip_brackets(i + 1)
                .is_some_and(|j| matches!(self.tok_at(j), Tok::Ident(_))),
            Tok::Ident(_) => {
                // `S x` is a type then a name; `Q S x` makes `Q` a qualifier.
                let j = i + 2;
                match self.tok_at(j) {
                    Tok::P(TokenKind::Lt) => match self.tok_at(i + 1) {
                        Tok::Ident(s2) => !self.is_template_type(s2),
                        _ => true,
                    },
                    Tok::P(TokenKind::LBracket) => !self
                        .skip_brackets(j)
                        .is_some_and(|k| matches!(self.tok_at(k), Tok::Ident(_))),
                    // `Q Name {`: a block with an extension qualifier.
                    Tok::P(TokenKind::LBrace) => false,
                    _ => !self.is_head_word(j),
                }
            }
            _ => false,
        }
    }

    /// Parses qualifiers and a type, as far as they go.
    pub(crate) fn decl_head(&mut self) -> DeclHead {
        let start = self.span();
        let mut items: Vec<Qualifier> = Vec::new();
        let mut ty: Option<TypeSpec> = None;
        loop {
            if self.aborted {
                break;
            }
            let q_start = self.span();
            match self.peek() {
                Tok::Kw(Keyword::Layout) => {
                    self.qualifier_after_type(&ty);
                    let q = self.layout_qualifier();
                    items.push(q);
                }
                Tok::Kw(Keyword::Subroutine) => {
                    self.qualifier_after_type(&ty);
                    let q = self.subroutine_qualifier();
                    items.push(q);
                }
                Tok::Kw(k) if Self::is_qualifier_kw(k) => {
                    self.qualifier_after_type(&ty);
                    self.bump();
                    if let Some(kind) = QualifierKind::from_keyword(k) {
                        items.push(Qualifier {
                            kind,
                            span: q_start,
                        });
                    }
                }
                Tok::Kw(k)
                    if Self::is_type_kw(k) || k == Keyword::Struct || k == Keyword::Unsigned =>
                {
                    if ty.is_some() {
                        break;
                    }
                    ty = Some(self.type_specifier());
                }
                Tok::Ident(s) => {
                    if self.is_spirv_qualifier(s) {
                        let q = self.spirv_qualifier();
                        items.push(Qualifier {
                            span: q.span,
                            kind: QualifierKind::Spirv(q),
                        });
                        continue;
                    }
                    if ty.is_some() {
                        break;
                    }
                    if self.spirv_on() && s == sym::spirv_type {
                        ty = Some(self.type_specifier());
                        continue;
                    }
                    if self.ident_is_type_at(self.pos) {
                        ty = Some(self.type_specifier());
                    } else if self.is_head_word(self.pos + 1) {
                        // An extension qualifier written as an identifier.
                        self.bump();
                        items.push(Qualifier {
                            kind: QualifierKind::Named(s),
                            span: q_start,
                        });
                    } else {
                        break;
                    }
                }
                _ => break,
            }
        }
        let span = match (items.first(), items.last()) {
            (Some(a), Some(b)) => self.sm.join(a.span, b.span),
            _ => start.shrink_to_lo(),
        };
        DeclHead {
            quals: Qualifiers { items, span },
            ty,
            start,
        }
    }

    fn qualifier_after_type(&mut self, ty: &Option<TypeSpec>) {
        if ty.is_some() {
            let span = self.span();
            self.error_at(
                "qualifier-order",
                span,
                "qualifiers must come before the type",
            );
        }
    }

    /// `layout ( id [= value], ... )`
    fn layout_qualifier(&mut self) -> Qualifier {
        let start = self.span();
        self.bump();
        let mut ids = Vec::new();
        if self.expect(TokenKind::LParen, "`(` after `layout`") {
            loop {
                let id_start = self.span();
                let name = match self.peek() {
                    Tok::Ident(s) => {
                        self.bump();
                        s
                    }
                    Tok::Kw(k) => {
                        // `shared`, `packed` and other keywords used as layout names.
                        self.bump();
                        Symbol::from_keyword(k)
                    }
                    _ => {
                        self.expected("a layout qualifier name");
                        break;
                    }
                };
                let value = if self.eat(TokenKind::Eq) {
                    Some(self.conditional_expr())
                } else {
                    None
                };
                ids.push(LayoutId {
                    name,
                    value,
                    span: self.span_from(id_start),
                });
                if !self.eat(TokenKind::Comma) {
                    break;
                }
            }
            self.expect(TokenKind::RParen, "`,` or `)` in a layout qualifier");
        }
        Qualifier {
            kind: QualifierKind::Layout(ids),
            span: self.span_from(start),
        }
    }

    /// `subroutine` or `subroutine ( TypeName, ... )`
    fn subroutine_qualifier(&mut self) -> Qualifier {
        let start = self.span();
        self.bump();
        let mut names = Vec::new();
        if self.eat(TokenKind::LParen) {
            loop {
                match self.peek() {
                    Tok::Ident(s) => {
                        let sp = self.span();
                        self.bump();
                        names.push((s, sp));
                    }
                    _ => {
                        self.expected("a subroutine type name");
                        break;
                    }
                }
                if !self.eat(TokenKind::Comma) {
                    break;
                }
            }
            self.expect(TokenKind::RParen, "`)` after subroutine type names");
        }
        Qualifier {
            kind: QualifierKind::Subroutine(names),
            span: self.span_from(start),
        }
    }

    /// A GL_EXT_spirv_intrinsics construct: `name` or `name ( args )`.
    pub(crate) fn spirv_qualifier(&mut self) -> SpirvQualifier {
        let start = self.span();
        let name = match self.peek() {
            Tok::Ident(s) => {
                self.bump();
                s
            }
            _ => Symbol(0),
        };
        let mut args = Vec::new();
        if self.eat(TokenKind::LParen) {
            if !self.at(TokenKind::RParen) {
                loop {
                    args.push(self.spirv_arg());
                    if self.aborted || !self.eat(TokenKind::Comma) {
                        break;
                    }
                }
            }
            self.expect(TokenKind::RParen, "`,` or `)`");
        }
        SpirvQualifier {
            name,
            args,
            span: self.span_from(start),
        }
    }

    fn spirv_arg(&mut self) -> SpirvArg {
        let start = self.span();
        if !self.enter() {
            return SpirvArg::List(Vec::new(), start);
        }
        let r = match self.peek() {
            Tok::P(TokenKind::LBracket) => {
                self.bump();
                let mut items = Vec::new();
                if !self.at(TokenKind::RBracket) {
                    loop {
                        items.push(self.spirv_arg());
                        if self.aborted || !self.eat(TokenKind::Comma) {
                            break;
                        }
                    }
                }
                self.expect(TokenKind::RBracket, "`]`");
                SpirvArg::List(items, self.span_from(start))
            }
            Tok::Ident(key) if self.peek_n(1) == Tok::P(TokenKind::Eq) => {
                self.bump();
                self.bump();
                let value = Box::new(self.spirv_arg());
                SpirvArg::Named {
                    key,
                    value,
                    span: self.span_from(start),
                }
            }
            Tok::Kw(k) if Self::is_type_kw(k) => SpirvArg::Type(self.type_specifier()),
            Tok::Ident(s) if s == sym::spirv_type => SpirvArg::Type(self.type_specifier()),
            _ => SpirvArg::Expr(self.conditional_expr()),
        };
        self.leave();
        r
    }

    /// A type: a keyword, a struct specifier, a name, with `<...>` parameters and array
    /// dimensions that follow it directly.
    pub(crate) fn type_specifier(&mut self) -> TypeSpec {
        let start = self.span();
        let kind = match self.peek() {
            Tok::Kw(Keyword::Struct) => TypeKind::Struct(Box::new(self.struct_specifier())),
            Tok::Kw(Keyword::Unsigned) => {
                self.bump();
                if !self.eat_kw(Keyword::Int) {
                    self.expected("`int` after `unsigned`");
                }
                TypeKind::Builtin(Keyword::Uint)
            }
            Tok::Kw(k) if Self::is_type_kw(k) => {
                self.bump();
                TypeKind::Builtin(k)
            }
            Tok::Ident(s) if self.spirv_on() && s == sym::spirv_type => {
                TypeKind::Spirv(Box::new(self.spirv_qualifier()))
            }
            Tok::Ident(s) => {
                self.bump();
                TypeKind::Named(s)
            }
            _ => {
                self.expected("a type");
                TypeKind::Builtin(Keyword::Void)
            }
        };
        let params = if self.at(TokenKind::Lt) && matches!(kind, TypeKind::Named(_)) {
            Some(self.type_params())
        } else {
            None
        };
        let array = if self.at(TokenKind::LBracket) {
            Some(self.array_spec())
        } else {
            None
        };
        TypeSpec {
            kind,
            params,
            array,
            span: self.span_from(start),
        }
    }

    /// `< param, ... >`
    pub(crate) fn type_params(&mut self) -> Vec<TypeParam> {
        let mut params = Vec::new();
        self.bump(); // <
        if !self.enter() {
            return params;
        }
        loop {
            let p = match self.peek() {
                Tok::Kw(k) if Self::is_type_kw(k) => TypeParam::Type(self.type_specifier()),
                Tok::Ident(s)
                    if self.peek_n(1) == Tok::P(TokenKind::Lt) && self.is_template_type(s) =>
                {
                    TypeParam::Type(self.type_specifier())
                }
                Tok::Ident(s) if self.spirv_on() && s == sym::spirv_type => {
                    TypeParam::Type(self.type_specifier())
                }
                _ => TypeParam::Expr(self.conditional_expr_opts(true)),
            };
            params.push(p);
            if self.aborted || !self.eat(TokenKind::Comma) {
                break;
            }
        }
        if !self.eat(TokenKind::Gt) {
            self.expected("`,` or `>` in type parameters");
        }
        self.leave();
        params
    }

    /// `[N][]...`
    pub(crate) fn array_spec(&mut self) -> ArraySpec {
        let start = self.span();
        let mut dims = Vec::new();
        while self.eat(TokenKind::LBracket) {
            if dims.len() >= self.opts.max_depth {
                let span = self.span_from(start);
                self.error_at(
                    "nesting-limit",
                    span,
                    format!(
                        "more than {} array dimensions (nesting limit)",
                        self.opts.max_depth
                    ),
                );
                self.aborted = true;
                break;
            }
            if self.eat(TokenKind::RBracket) {
                dims.push(None);
                continue;
            }
            dims.push(Some(self.conditional_expr()));
            if !self.expect(TokenKind::RBracket, "`]`") || self.aborted {
                break;
            }
        }
        ArraySpec {
            dims,
            span: self.span_from(start),
        }
    }

    /// `struct [Name] { members }`
    fn struct_specifier(&mut self) -> StructSpec {
        let start = self.span();
        self.bump(); // struct
        let name = match self.peek() {
            Tok::Ident(s) => {
                let sp = self.span();
                self.bump();
                Some((s, sp))
            }
            _ => None,
        };
        let members = if self.at(TokenKind::LBrace) {
            self.member_list()
        } else {
            self.expected("`{` to start the struct body");
            Vec::new()
        };
        StructSpec {
            name,
            members,
            span: self.span_from(start),
        }
    }

    /// `{ member-declarations }` of a struct or block.
    fn member_list(&mut self) -> Vec<StructMember> {
        let mut members = Vec::new();
        self.bump(); // {
        if !self.enter() {
            return members;
        }
        while !self.at(TokenKind::RBrace) && !self.at_eof() && !self.aborted {
            let before = self.pos;
            let head = self.decl_head();
            let start = head.start;
            let ty = match head.ty {
                Some(t) => t,
                // `layout(buffer_reference) buffer { ... } name;` inside a block
                // (GL_EXT_structured_descriptor_heap): an anonymous block as the member's
                // type, kept as an anonymous struct whose qualifiers say what it is.
                None if self.at(TokenKind::LBrace) && !head.quals.is_empty() => {
                    let s_start = self.span();
                    let members = self.member_list();
                    TypeSpec {
                        kind: TypeKind::Struct(Box::new(StructSpec {
                            name: None,
                            members,
                            span: self.span_from(s_start),
                        })),
                        params: None,
                        array: None,
                        span: self.span_from(s_start),
                    }
                }
                None => {
                    self.expected("a member type");
                    self.recover_member();
                    if self.pos == before {
                        self.bump();
                    }
                    continue;
                }
            };
            let mut declarators = Declarators::new();
            if !self.at(TokenKind::Semi) {
                match self.peek() {
                    Tok::Ident(s) => {
                        let sp = self.span();
                        self.bump();
                        declarators = self.declarators(s, sp);
                    }
                    _ => {
                        self.expected("a member name");
                        self.recover_member();
                        continue;
                    }
                }
            }
            if !self.expect(TokenKind::Semi, "`;` after a member declaration") {
                self.recover_member();
            }
            members.push(StructMember {
                qualifiers: head.quals,
                ty,
                declarators,
                span: self.span_from(start),
            });
        }
        self.leave();
        self.expect(TokenKind::RBrace, "`}`");
        members
    }

    /// Skips to the end of a member declaration without leaving the member list.
    fn recover_member(&mut self) {
        while !self.at_eof() && !self.at(TokenKind::RBrace) {
            if self.eat(TokenKind::Semi) {
                return;
            }
            if self.at(TokenKind::LBrace) {
                self.recover_statement();
                continue;
            }
            self.bump();
        }
    }

    /// `name [array] [= init], name ...` after the first name has been consumed.
    fn declarators(&mut self, first: Symbol, first_span: Span) -> Declarators {
        let mut out = Declarators::new();
        let (mut name, mut name_span) = (first, first_span);
        loop {
            let array = if self.at(TokenKind::LBracket) {
                Some(self.array_spec())
            } else {
                None
            };
            let init = if self.eat(TokenKind::Eq) {
                Some(self.initializer())
            } else {
                None
            };
            out.push(Declarator {
                name,
                name_span,
                array,
                init,
                span: self.span_from(name_span),
            });
            if self.aborted || !self.eat(TokenKind::Comma) {
                break;
            }
            match self.peek() {
                Tok::Ident(s) => {
                    name = s;
                    name_span = self.span();
                    self.bump();
                }
                _ => {
                    self.expected("a name to declare");
                    break;
                }
            }
        }
        out
    }

    /// An initializer: an assignment expression or `{ ... }`.
    fn initializer(&mut self) -> Initializer {
        if !self.at(TokenKind::LBrace) {
            return Initializer::Expr(self.assignment_expr());
        }
        let start = self.span();
        self.bump();
        let mut items = Vec::new();
        if !self.enter() {
            return Initializer::List(items, start);
        }
        loop {
            if self.at(TokenKind::RBrace) {
                break;
            }
            items.push(self.initializer());
            if self.aborted || !self.eat(TokenKind::Comma) {
                break;
            }
        }
        self.leave();
        self.expect(TokenKind::RBrace, "`,` or `}` in an initializer list");
        let span = self.span_from(start);
        if !self.version().at_least(420, 0) && !self.ext_on(Ext::ARB_shading_language_420pack) {
            self.error_at(
                "initializer-list",
                span,
                format!(
                    "initializer lists need GLSL 4.20 or GL_ARB_shading_language_420pack (this is GLSL {})",
                    self.version()
                ),
            );
        }
        Initializer::List(items, span)
    }

    /// `precision highp float;`
    pub(crate) fn precision_decl(&mut self) -> Decl {
        let start = self.span();
        self.bump(); // precision
        let p_span = self.span();
        let precision = match self.peek() {
            Tok::Kw(Keyword::Highp) => Precision::High,
            Tok::Kw(Keyword::Mediump) => Precision::Medium,
            Tok::Kw(Keyword::Lowp) => Precision::Low,
            _ => {
                self.expected("`highp`, `mediump` or `lowp`");
                self.recover_statement();
                return Decl {
                    kind: DeclKind::Qualifiers(Qualifiers::default()),
                    span: self.span_from(start),
                };
            }
        };
        self.bump();
        let ty = self.type_specifier();
        if !self.expect(TokenKind::Semi, "`;` after a precision statement") {
            self.recover_statement();
        }
        Decl {
            kind: DeclKind::Precision {
                precision,
                precision_span: p_span,
                ty,
            },
            span: self.span_from(start),
        }
    }

    /// A function prototype after its return type; the name is the current token.
    fn function_proto(
        &mut self,
        qualifiers: Qualifiers,
        return_type: TypeSpec,
        start: Span,
    ) -> FunctionProto {
        let name_span = self.span();
        let name = match self.peek() {
            Tok::Ident(s) => s,
            _ => Symbol(0),
        };
        self.bump();
        self.bump(); // (
        let mut params = Vec::new();
        if self.at_kw(Keyword::Void) && self.peek_n(1) == Tok::P(TokenKind::RParen) {
            self.bump();
        } else if !self.at(TokenKind::RParen) {
            loop {
                params.push(self.param());
                if self.aborted || !self.eat(TokenKind::Comma) {
                    break;
                }
            }
        }
        self.expect(TokenKind::RParen, "`,` or `)` after a parameter");
        FunctionProto {
            qualifiers,
            return_type,
            name,
            name_span,
            params,
            span: self.span_from(start),
            attrs: Vec::new(),
        }
    }

    fn param(&mut self) -> Param {
        let head = self.decl_head();
        let start = head.start;
        let ty = match head.ty {
            Some(t) => t,
            None => match self.peek() {
                Tok::Ident(_) => self.type_specifier(),
                _ => {
                    self.expected("a parameter type");
                    TypeSpec {
                        kind: TypeKind::Builtin(Keyword::Void),
                        params: None,
                        array: None,
                        span: self.span(),
                    }
                }
            },
        };
        let mut name = None;
        let mut array = None;
        if let Tok::Ident(s) = self.peek() {
            let sp = self.span();
            self.bump();
            name = Some((s, sp));
            if self.at(TokenKind::LBracket) {
                array = Some(self.array_spec());
            }
        }
        Param {
            qualifiers: head.quals,
            ty,
            name,
            array,
            span: self.span_from(start),
        }
    }

    /// A top-level item.
    pub(crate) fn external_decl(&mut self) -> Option<ExternalDecl> {
        let start = self.span();
        let attrs = self.attributes();
        if self.eat(TokenKind::Semi) {
            return Some(ExternalDecl::Empty(start));
        }
        if self.at_kw(Keyword::Precision) {
            return Some(ExternalDecl::Decl(self.precision_decl()));
        }
        if let Tok::Ident(s) = self.peek() {
            if self.spirv_on()
                && (s == sym::spirv_execution_mode || s == sym::spirv_execution_mode_id)
            {
                let q = self.spirv_qualifier();
                if !self.expect(TokenKind::Semi, "`;`") {
                    self.recover_statement();
                }
                return Some(ExternalDecl::Decl(Decl {
                    kind: DeclKind::SpirvDirective(q),
                    span: self.span_from(start),
                }));
            }
        }
        let head = self.decl_head();
        match self.declaration_rest(head, attrs, true)? {
            Item::Decl(d) => Some(ExternalDecl::Decl(d)),
            Item::Function(f) => Some(ExternalDecl::Function(f)),
        }
    }

    /// A declaration inside a function.
    pub(crate) fn local_decl(&mut self) -> Option<Decl> {
        if self.at_kw(Keyword::Precision) {
            return Some(self.precision_decl());
        }
        let head = self.decl_head();
        match self.declaration_rest(head, Vec::new(), false)? {
            Item::Decl(d) => Some(d),
            Item::Function(f) => Some(Decl {
                kind: DeclKind::Prototype(f.proto),
                span: f.span,
            }),
        }
    }

    /// The rest of a declaration after its head.
    fn declaration_rest(
        &mut self,
        head: DeclHead,
        attrs: Vec<crate::ast::Attribute>,
        global: bool,
    ) -> Option<Item> {
        let DeclHead { quals, ty, start } = head;
        match ty {
            Some(ty) => match self.peek() {
                Tok::Ident(name) if self.peek_n(1) == Tok::P(TokenKind::LParen) => {
                    let mut proto = self.function_proto(quals, ty, start);
                    // Attributes may also follow the parameter list.
                    let mut attrs = attrs;
                    attrs.extend(self.attributes());
                    proto.attrs = attrs;
                    if self.at(TokenKind::LBrace) {
                        if !global {
                            let span = proto.name_span;
                            self.error_at(
                                "nested-function",
                                span,
                                format!(
                                    "function `{}` cannot be defined inside another function",
                                    self.resolve(name)
                                ),
                            );
                        }
                        let body = self.compound_statement();
                        let span = self.span_from(start);
                        return Some(Item::Function(FunctionDef { proto, body, span }));
                    }
                    if !self.expect(TokenKind::Semi, "`;` or `{` after a function prototype") {
                        self.recover_statement();
                    }
                    let span = self.span_from(start);
                    Some(Item::Decl(Decl {
                        kind: DeclKind::Prototype(proto),
                        span,
                    }))
                }
                Tok::Ident(name) => {
                    let sp = self.span();
                    self.bump();
                    let declarators = self.declarators(name, sp);
                    if !self.expect(TokenKind::Semi, "`;` or `,` after a declaration") {
                        self.recover_statement();
                    }
                    Some(Item::Decl(Decl {
                        kind: DeclKind::Variables {
                            qualifiers: quals,
                            ty,
                            declarators,
                        },
                        span: self.span_from(start),
                    }))
                }
                Tok::P(TokenKind::Semi) => {
                    self.bump();
                    Some(Item::Decl(Decl {
                        kind: DeclKind::Variables {
                            qualifiers: quals,
                            ty,
                            declarators: Declarators::new(),
                        },
                        span: self.span_from(start),
                    }))
                }
                // The grammar's single_declaration may be the type alone, so `int , a;`
                // declares `a` (init_declarator_list: single_declaration COMMA IDENTIFIER).
                Tok::P(TokenKind::Comma) if matches!(self.peek_n(1), Tok::Ident(_)) => {
                    self.bump();
                    let Tok::Ident(name) = self.peek() else {
                        return None;
                    };
                    let sp = self.span();
                    self.bump();
                    let declarators = self.declarators(name, sp);
                    if !self.expect(TokenKind::Semi, "`;` or `,` after a declaration") {
                        self.recover_statement();
                    }
                    Some(Item::Decl(Decl {
                        kind: DeclKind::Variables {
                            qualifiers: quals,
                            ty,
                            declarators,
                        },
                        span: self.span_from(start),
                    }))
                }
                _ => {
                    self.expected("a name to declare");
                    self.recover_statement();
                    None
                }
            },
            None => match self.peek() {
                Tok::Ident(name) if self.peek_n(1) == Tok::P(TokenKind::LBrace) => {
                    let name_span = self.span();
                    self.bump();
                    if quals.is_empty() {
                        self.error_at(
                            "block-qualifier",
                            name_span,
                            format!(
                                "`{}` looks like an interface block, which needs a storage qualifier (`uniform`, `buffer`, `in` or `out`)",
                                self.resolve(name)
                            ),
                        );
                    }
                    let members = self.member_list();
                    let instance = match self.peek() {
                        Tok::Ident(s) => {
                            let sp = self.span();
                            self.bump();
                            let array = if self.at(TokenKind::LBracket) {
                                Some(self.array_spec())
                            } else {
                                None
                            };
                            Some(BlockInstance {
                                name: s,
                                name_span: sp,
                                array,
                            })
                        }
                        _ => None,
                    };
                    if !self.expect(TokenKind::Semi, "`;` after an interface block") {
                        self.recover_statement();
                    }
                    Some(Item::Decl(Decl {
                        kind: DeclKind::Block(Block {
                            qualifiers: quals,
                            name,
                            name_span,
                            members,
                            instance,
                        }),
                        span: self.span_from(start),
                    }))
                }
                Tok::Ident(_) if !quals.is_empty() => {
                    let mut names = Vec::new();
                    loop {
                        match self.peek() {
                            Tok::Ident(s) => {
                                names.push((s, self.span()));
                                self.bump();
                            }
                            _ => {
                                self.expected("a name");
                                break;
                            }
                        }
                        if !self.eat(TokenKind::Comma) {
                            break;
                        }
                    }
                    if !self.expect(TokenKind::Semi, "`;` after the names") {
                        self.recover_statement();
                    }
                    Some(Item::Decl(Decl {
                        kind: DeclKind::QualifiedNames {
                            qualifiers: quals,
                            names,
                        },
                        span: self.span_from(start),
                    }))
                }
                Tok::P(TokenKind::Semi) if !quals.is_empty() => {
                    self.bump();
                    Some(Item::Decl(Decl {
                        kind: DeclKind::Qualifiers(quals),
                        span: self.span_from(start),
                    }))
                }
                _ => {
                    if quals.is_empty() {
                        self.expected("a declaration");
                    } else {
                        self.expected("a type");
                    }
                    self.recover_statement();
                    None
                }
            },
        }
    }
}
